import { Center, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DelayedLoader } from '../../app/delayed-loader.tsx';
import { LoadErrorJoke, LogSearchForm } from './log-search-form.tsx';
import { LogRows, sortValue, type LogColumn } from './log-rows.tsx';
import { serverRefusalText, shownText } from './messages.ts';
import { logQueries } from './queries.ts';

/**
 * /superlog (part 3 screen 14, request-log viewer): search with Go, Help and Enter; table by date,
 * newest first (the date order is the server's; other columns sort the rows loaded); 30-character
 * previews; a click opens the full values and log lines; 500 rows in red; more rows when scrolled
 * to the bottom (offset = rows loaded); a load error shows the French joke instead of the table.
 */
export function SuperlogPage() {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<LogColumn>('date');
  const [direction, setDirection] = useState<'asc' | 'desc'>('desc');
  const serverDirection = sort === 'date' ? direction : 'desc';
  const list = useInfiniteQuery(logQueries.requests(search, serverDirection));
  // A state, not a ref: the effect below observes the node again when the results come back under the box.
  const [sentinel, setSentinel] = useState<HTMLDivElement | null>(null);

  const logs = useMemo(() => {
    const all = list.data?.pages.flatMap((page) => page.logs) ?? [];
    if (sort === 'date') return all;
    const sign = direction === 'asc' ? 1 : -1;
    return [...all].sort((a, b) => {
      const x = sortValue(a, sort);
      const y = sortValue(b, sort);
      return (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y), i18n.language)) * sign;
    });
  }, [list.data, sort, direction, i18n.language]);
  const count = list.data?.pages[0]?.count ?? null;

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  useEffect(() => {
    if (!sentinel || !hasNextPage) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [sentinel, hasNextPage, isFetchingNextPage, fetchNextPage, logs.length]);

  const sortBy = (column: LogColumn) => {
    setDirection(column === sort ? (direction === 'asc' ? 'desc' : 'asc') : column === 'date' ? 'desc' : 'asc');
    setSort(column);
  };

  const refused = serverRefusalText(t, list.error);
  const failed = list.isError && !refused;

  return (
    <Stack>
      <Title order={1}>{t('route.superlog')}</Title>
      {/* Go (or Enter) on the same search loads it again: new requests may have come in. */}
      <LogSearchForm initial="" onSearch={(text) => (text === search ? void list.refetch() : setSearch(text))} serverError={refused}>
        {failed ? (
          <LoadErrorJoke />
        ) : list.isPending ? (
          <DelayedLoader />
        ) : (
          <>
            <Text fz="sm" c="dimmed" aria-live="polite">
              {shownText(t, i18n.language, logs.length, count)}
            </Text>
            {logs.length === 0 && !hasNextPage ? <Text>{t('logs.none')}</Text> : <LogRows logs={logs} sort={sort} direction={direction} onSort={sortBy} />}
            <div ref={setSentinel} />
            {isFetchingNextPage ? (
              <Center>
                <DelayedLoader inline size="sm" label={t('logs.loading_more')} />
              </Center>
            ) : (
              !hasNextPage && logs.length > 0 && (
                <Text fz="sm" c="dimmed" ta="center">
                  {t('logs.end')}
                </Text>
              )
            )}
          </>
        )}
      </LogSearchForm>
    </Stack>
  );
}
