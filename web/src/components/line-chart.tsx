import { Box, Text, VisuallyHidden } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';

/** The x axis's font (uPlot's own default, named so that labels are measured in it). */
const AXIS_FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';
/** The widest an x label may be on the axis; a longer one ends in '…' (the readout and the table say it whole). */
export const MAX_TICK_PX = 110;
/** The least room between two x labels. */
const TICK_GAP_PX = 16;
/** The y steps: every chart counts (visitors, requests, users) or gives whole percentages, so no 0.2 steps. */
const WHOLE_STEPS = [1, 2, 5].flatMap((m) => [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000].map((p) => m * p)).sort((a, b) => a - b);

type Measure = (text: string) => number;

function canvasMeasure(): Measure {
  const ctx = document.createElement('canvas').getContext('2d');
  if (!ctx) return (text) => text.length * 7;
  ctx.font = AXIS_FONT;
  return (text) => ctx.measureText(text).width;
}

/** `text` cut at the character that makes it measure at most `max` px, '…' included (no space before the '…'). */
export function fitTick(text: string, measure: Measure, max = MAX_TICK_PX): string {
  if (measure(text) <= max) return text;
  let end = text.length;
  while (end > 1 && measure(`${text.slice(0, end).trimEnd()}…`) > max) end--;
  return `${text.slice(0, end).trimEnd()}…`;
}

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
  /** An x value as the axis shows it (cut to MAX_TICK_PX when longer). */
  xLabel: (x: number) => string;
  /** An x value in full, for the readout under the chart (default: `xLabel`). */
  xTitle?: (x: number) => string;
  yLabel: (y: number) => string;
  showPoints?: boolean;
}

/**
 * The one uplot line chart of the app: uplot and its CSS load with the first chart only, the chart
 * follows its container's width, and the y axis starts at zero. The x labels are spaced by the
 * widest of them, so they never overlap, and the point under the pointer is read out in full under
 * the chart. The chart is hidden from assistive technology: every caller gives the same figures in
 * a `FiguresTable`.
 */
export function LineChart({ title, color, height, xs, ys, time, xLabel, xTitle, yLabel, showPoints }: LineChartProps) {
  const { ref: sizeRef, width } = useElementSize();
  const target = useRef<HTMLDivElement>(null);
  const [readout, setReadout] = useState('');

  useEffect(() => {
    const node = target.current;
    if (!node || width === 0) return;
    let chart: uPlot | undefined;
    let cancelled = false;
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([{ default: UPlot }]) => {
      if (cancelled) return;
      const stroke = getComputedStyle(node).getPropertyValue(color).trim() || 'steelblue';
      const measure = canvasMeasure();
      const tick = (x: number) => fitTick(xLabel(x), measure);
      const widest = Math.max(0, ...xs.map((x) => measure(tick(x))));
      const full = xTitle ?? xLabel;
      chart = new UPlot(
        {
          width,
          height,
          legend: { show: false },
          // Room on the right for half the last label, which is centred on the last point.
          padding: [12, Math.ceil(widest / 2), 0, null],
          scales: { x: { time }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
          series: [{}, { label: title, stroke, width: 2, fill: `${stroke}22`, points: { show: showPoints ?? true } }],
          axes: [
            { font: AXIS_FONT, space: widest + TICK_GAP_PX, values: (_u, ticks) => ticks.map(tick) },
            { incrs: WHOLE_STEPS, values: (_u, ticks) => ticks.map(yLabel) },
          ],
          hooks: {
            setCursor: [
              (u) => {
                const x = u.cursor.idx == null ? undefined : xs[u.cursor.idx];
                const y = u.cursor.idx == null ? undefined : ys[u.cursor.idx];
                setReadout(x === undefined || y === undefined ? '' : `${full(x)} — ${yLabel(y)}`);
              },
            ],
          },
        },
        [xs as number[], ys as number[]],
        node,
      );
    });
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [xs, ys, width, height, color, title, time, xLabel, xTitle, yLabel, showPoints]);

  return (
    <Box ref={sizeRef} w="100%">
      <div ref={target} aria-hidden="true" data-chart={title} />
      <Text fz="sm" mih="1.5em" aria-hidden="true" data-chart-readout={title}>
        {readout}
      </Text>
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
