import { Alert, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client.ts';
import { refusalMessage } from './messages.ts';
import { DelayedLoader } from '../../app/delayed-loader.tsx';
import { localDateOf } from '#shared/rules/business-time.ts';
import { formatDay, formatDayShort } from '../../i18n/format.ts';
import { listingQueries } from './queries.ts';
import { VisitChart } from './visit-chart.tsx';
import { everyDay, lastMonthRange } from './visit-range.ts';
import { DayPickerInput } from '../../components/day-picker-input.tsx';

/**
 * /ListingStats (part 3 screen 3): a date range (last month to today by default) with Go, the
 * visitors per date, and the completed-visit % of the top 20 listings by unique visitors.
 */
export function ListingStatsPage() {
  const { t, i18n } = useTranslation();
  // Visits are counted by Quebec day: the last month ends on Quebec's today, wherever the browser is.
  const [picked, setPicked] = useState(() => lastMonthRange(localDateOf(Date.now())));
  const [range, setRange] = useState(picked);
  const report = useQuery(listingQueries.report(range.from, range.to));

  return (
    <Stack>
      <Title order={1}>{t('route.ListingStats')}</Title>
      <Group align="flex-end">
        <DayPickerInput label={t('listings.stats.from')} value={picked.from} onChange={(v) => v && setPicked((r) => ({ ...r, from: v }))} w={160} />
        <DayPickerInput label={t('listings.stats.to')} value={picked.to} onChange={(v) => v && setPicked((r) => ({ ...r, to: v }))} w={160} />
        <Button onClick={() => setRange(picked)}>{t('listings.stats.go')}</Button>
      </Group>
      {report.isPending ? (
        <DelayedLoader label={t('common.loading')} />
      ) : report.isError ? (
        <Alert color="red" role="alert">
          {isApiError(report.error, 400) ? refusalMessage(t, report.error) : t('listings.load_failed')}
        </Alert>
      ) : report.data.days.length === 0 ? (
        <Text role="status">{t('listings.no_data')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, lg: 2 }}>
          <VisitChart
            title={t('listings.stats.visitors_per_date')}
            points={everyDay(report.data.days, range, { visitor: 0, session: 0 }).map((d) => ({ label: formatDay(d.date, i18n.language), tick: formatDayShort(d.date, i18n.language), value: d.visitor }))}
            color="--mantine-color-blue-7"
            lng={i18n.language}
            columns={[t('listings.dialog.date'), t('listings.stats.visitors')]}
          />
          <VisitChart
            title={t('listings.stats.top_completed')}
            points={report.data.top.map((l) => ({ label: `${l.listing_id} ${l.address}`, tick: l.address, value: l.completed }))}
            color="--mantine-color-teal-8"
            percent
            lng={i18n.language}
            columns={[t('listings.stats.listing'), t('listings.col.completed')]}
          />
        </SimpleGrid>
      )}
    </Stack>
  );
}
