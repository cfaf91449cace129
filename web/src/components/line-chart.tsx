import { Box, VisuallyHidden } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';

interface LineChartProps {
  /** Names the chart (its series label and a `data-chart` hook for tests). */
  title: string;
  /** A theme colour variable for the line, e.g. `--mantine-color-blue-6`. */
  color: string;
  height: number;
  /** x values: seconds since the epoch when `time`, otherwise point indexes. */
  xs: readonly number[];
  ys: readonly number[];
  time: boolean;
  xLabel: (x: number) => string;
  yLabel: (y: number) => string;
  showPoints?: boolean;
}

/**
 * The one uplot line chart of the app: uplot and its CSS load with the first chart only, the chart
 * follows its container's width, and the y axis starts at zero. The chart is hidden from assistive
 * technology: every caller gives the same figures in a `FiguresTable`.
 */
export function LineChart({ title, color, height, xs, ys, time, xLabel, yLabel, showPoints }: LineChartProps) {
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
          height,
          legend: { show: false },
          scales: { x: { time }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
          series: [{}, { label: title, stroke, width: 2, fill: `${stroke}22`, points: { show: showPoints ?? true } }],
          axes: [{ values: (_u, ticks) => ticks.map(xLabel) }, { values: (_u, ticks) => ticks.map(yLabel) }],
        },
        [xs as number[], ys as number[]],
        node,
      );
    });
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [xs, ys, width, height, color, title, time, xLabel, yLabel, showPoints]);

  return (
    <Box ref={sizeRef} w="100%">
      <div ref={target} aria-hidden="true" data-chart={title} />
    </Box>
  );
}

/** A chart's figures for screen readers: a visually hidden two-column table. */
export function FiguresTable({ caption, columns, rows }: { caption: string; columns: [string, string]; rows: ReadonlyArray<readonly [string, string]> }) {
  return (
    <VisuallyHidden>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th>{columns[0]}</th>
            <th>{columns[1]}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([a, b], i) => (
            <tr key={i}>
              <td>{a}</td>
              <td>{b}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </VisuallyHidden>
  );
}
