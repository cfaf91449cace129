import { Box, Paper, Text, Title, VisuallyHidden } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type uPlot from 'uplot';
import { dayStartMs } from '#shared/rules/business-time.ts';
import { formatDay, formatDayShort, formatNumber } from '../../i18n/format.ts';

interface DayChartProps {
  title: string;
  points: readonly { mydate: string; count: number }[];
  /** A theme colour variable for the line. */
  color: string;
}

/**
 * One line chart of counts per day (uplot, loaded with the chart only). The figures are also in a
 * visually hidden table, for screen readers.
 */
export function DayChart({ title, points, color }: DayChartProps) {
  const { t, i18n } = useTranslation();
  const { ref: sizeRef, width } = useElementSize();
  const target = useRef<HTMLDivElement>(null);
  const total = points.reduce((sum, p) => sum + p.count, 0);

  useEffect(() => {
    const node = target.current;
    if (!node || width === 0) return;
    let chart: uPlot | undefined;
    let cancelled = false;
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([{ default: UPlot }]) => {
      if (cancelled) return;
      const stroke = getComputedStyle(node).getPropertyValue(color).trim() || 'steelblue';
      const data: uPlot.AlignedData = [points.map((p) => (dayStartMs(p.mydate) + 12 * 3_600_000) / 1000), points.map((p) => p.count)];
      chart = new UPlot(
        {
          width,
          height: 240,
          legend: { show: false },
          series: [{}, { label: title, stroke, width: 2, fill: `${stroke}22`, points: { show: points.length < 40 } }],
          axes: [{ values: (_u, ticks) => ticks.map((s) => formatDayShort(s * 1000, i18n.language)) }, { values: (_u, ticks) => ticks.map((v) => formatNumber(v, i18n.language)) }],
          scales: { y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        },
        data,
        node,
      );
    });
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [points, width, color, title, i18n.language]);

  return (
    <Paper withBorder p="sm">
      <Title order={2} fz="lg">
        {title}
      </Title>
      <Text fz="sm" c="dimmed">
        {t('logs.chart_total', { total: formatNumber(total, i18n.language) })}
      </Text>
      <Box ref={sizeRef} w="100%">
        <div ref={target} aria-hidden="true" data-chart={title} />
      </Box>
      <VisuallyHidden>
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th>{t('logs.col.date')}</th>
              <th>{title}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.mydate}>
                <td>{formatDay(p.mydate, i18n.language)}</td>
                <td>{p.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Paper>
  );
}
