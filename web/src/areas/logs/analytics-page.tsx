import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseLogSearch, tokenize } from '#shared/logs/search.ts';
import { localDateOf } from '#shared/rules/business-time.ts';
import { DelayedLoader } from '../../app/delayed-loader.tsx';
import { formatDay } from '../../i18n/format.ts';
import { said } from '../../i18n/said.ts';
import { DayChart } from './day-chart.tsx';
import { LoadErrorJoke, LogSearchForm } from './log-search-form.tsx';
import { serverRefusalText } from './messages.ts';
import { logQueries } from './queries.ts';

/** Only the day keywords apply to the charts (the day counters know nothing else). */
const DAY_WORD = /^(du|au|date):/i;

/**
 * /SuperAnalytics (part 3 screen 14, analytics): a search box (du:, au:, date:; default the last 30
 * days) and two charts, requests per day and users per day, read from the day counters. A load
 * error shows the French joke instead of the charts.
 */
export function AnalyticsPage() {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const charts = useQuery(logQueries.charts(search));
  const daysOnly = (text: string) => {
    const parsed = parseLogSearch(text, localDateOf(Date.now()));
    return parsed.ok && (tokenize(text) ?? []).every((word) => DAY_WORD.test(word)) ? undefined : said('logs.error.chartsDaysOnly');
  };
  const refused = serverRefusalText(t, charts.error);

  return (
    <Stack>
      <Title order={1}>{t('route.SuperAnalytics')}</Title>
      <LogSearchForm initial="" onSearch={(text) => (text === search ? void charts.refetch() : setSearch(text))} refine={daysOnly} serverError={refused}>
        {charts.isError ? (
          <LoadErrorJoke />
        ) : !charts.data ? (
          <DelayedLoader />
        ) : (
          <>
            <Text fz="sm">{t('logs.charts_intro', { from: formatDay(charts.data.from, i18n.language), to: formatDay(charts.data.to, i18n.language) })}</Text>
            <DayChart title={t('logs.requests_per_day')} points={charts.data.data.requests} color="--mantine-color-blue-7" />
            <DayChart title={t('logs.users_per_day')} points={charts.data.data.users} color="--mantine-color-teal-8" />
          </>
        )}
      </LogSearchForm>
    </Stack>
  );
}
