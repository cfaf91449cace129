import { Box, Paper, Title, VisuallyHidden } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import { formatNumber } from '../../i18n/format.ts';

export interface ChartPoint {
  /** What the x axis shows for the point (a formatted date, a listing). */
  label: string;
  value: number;
}

/**
 * A line chart of the visit statistics (uplot, loaded with the chart only): points in order, the x
 * axis labelled by each point's label. The figures are also in a visually hidden table.
 */
export function VisitChart({ title, points, color, unit = '', lng, columns }: { title: string; points: readonly ChartPoint[]; color: string; unit?: string; lng: string; columns: [string, string] }) {
  const { ref: sizeRef, width } = useElementSize();
  const target = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const node = target.current;
    if (!node || width === 0) return;
    let chart: uPlot | undefined;
    let cancelled = false;
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([{ default: UPlot }]) => {
      if (cancelled) return;
      const stroke = getComputedStyle(node).getPropertyValue(color).trim() || 'steelblue';
      chart = new UPlot(
        {
          width,
          height: 220,
          legend: { show: false },
          scales: { x: { time: false }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
          series: [{}, { label: title, stroke, width: 2, fill: `${stroke}22` }],
          axes: [
            { values: (_u, ticks) => ticks.map((i) => (Number.isInteger(i) ? (points[i]?.label ?? '') : '')) },
            { values: (_u, ticks) => ticks.map((v) => `${formatNumber(v, lng)}${unit}`) },
          ],
        },
        [points.map((_p, i) => i), points.map((p) => p.value)],
        node,
      );
    });
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [points, width, color, title, unit, lng]);

  return (
    <Paper withBorder p="sm">
      <Title order={3} fz="md">
        {title}
      </Title>
      <Box ref={sizeRef} w="100%">
        <div ref={target} aria-hidden="true" data-chart={title} />
      </Box>
      <VisuallyHidden>
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th>{columns[0]}</th>
              <th>{columns[1]}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p, i) => (
              <tr key={i}>
                <td>{p.label}</td>
                <td>
                  {p.value}
                  {unit}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Paper>
  );
}

/** Part 3 screens 1 and 3: the default range is last month to today. */
export function lastMonthRange(today: string): { from: string; to: string } {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const before = new Date(Date.UTC(y, m - 2, Math.min(d, 28)));
  return { from: before.toISOString().slice(0, 10), to: today };
}
