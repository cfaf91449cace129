import { Paper, Title } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { FiguresTable, LineChart } from '../../components/line-chart.tsx';
import { formatNumber, formatPercent } from '../../i18n/format.ts';

export interface ChartPoint {
  /** The point's x in full (a formatted date, a listing): the readout and the figures table. */
  label: string;
  /** What the x axis shows for it, when shorter than `label` (a short date, an address without its listing id). */
  tick?: string;
  value: number;
}

/**
 * A line chart of the visit statistics: points in order, the x axis labelled by each point's label.
 * The figures are also in a visually hidden table; `percent` values are whole percentages, written as the reader does ('12%' / '12 %').
 */
export function VisitChart({ title, points, color, percent = false, lng, columns }: { title: string; points: readonly ChartPoint[]; color: string; percent?: boolean; lng: string; columns: [string, string] }) {
  const xs = useMemo(() => points.map((_p, i) => i), [points]);
  const ys = useMemo(() => points.map((p) => p.value), [points]);
  const xLabel = useCallback((i: number) => (Number.isInteger(i) ? (points[i]?.tick ?? points[i]?.label ?? '') : ''), [points]);
  const xTitle = useCallback((i: number) => points[i]?.label ?? '', [points]);
  const yLabel = useCallback((v: number) => (percent ? formatPercent(v, lng) : formatNumber(v, lng)), [lng, percent]);
  return (
    <Paper withBorder p="sm">
      <Title order={3} fz="md">
        {title}
      </Title>
      <LineChart title={title} color={color} height={220} xs={xs} ys={ys} time={false} xLabel={xLabel} xTitle={xTitle} yLabel={yLabel} />
      <FiguresTable caption={title} columns={columns} rows={points.map((p) => [p.label, yLabel(p.value)] as const)} />
    </Paper>
  );
}
