import { Paper, Text, Title } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dayStartMs } from '#shared/rules/business-time.ts';
import { FiguresTable, LineChart } from '../../components/line-chart.tsx';
import { formatDay, formatDayShort, formatNumber } from '../../i18n/format.ts';

interface DayChartProps {
  title: string;
  points: readonly { mydate: string; count: number }[];
  /** A theme colour variable for the line. */
  color: string;
}

/** One line chart of counts per day, with its total. The figures are also in a visually hidden table. */
export function DayChart({ title, points, color }: DayChartProps) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const total = points.reduce((sum, p) => sum + p.count, 0);
  // Each day's point at noon, so that no time zone moves it to the day before.
  const xs = useMemo(() => points.map((p) => (dayStartMs(p.mydate) + 12 * 3_600_000) / 1000), [points]);
  const ys = useMemo(() => points.map((p) => p.count), [points]);
  const xLabel = useCallback((s: number) => formatDayShort(s * 1000, lng), [lng]);
  const xTitle = useCallback((s: number) => formatDay(s * 1000, lng), [lng]);
  const yLabel = useCallback((v: number) => formatNumber(v, lng), [lng]);
  return (
    <Paper withBorder p="sm">
      <Title order={2} fz="lg">
        {title}
      </Title>
      <Text fz="sm" c="dimmed">
        {t('logs.chart_total', { total: formatNumber(total, lng) })}
      </Text>
      <LineChart title={title} color={color} height={240} xs={xs} ys={ys} time xLabel={xLabel} xTitle={xTitle} yLabel={yLabel} showPoints={points.length < 40} />
      <FiguresTable caption={title} columns={[t('logs.col.date'), title]} rows={points.map((p) => [formatDay(p.mydate, lng), yLabel(p.count)] as const)} />
    </Paper>
  );
}
