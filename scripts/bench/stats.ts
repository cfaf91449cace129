/** Latency summaries for benchmarks. */
export interface Summary {
  p50: number;
  p99: number;
  rps: number;
  count: number;
}

export function summarize(latenciesMs: number[], seconds: number): Summary {
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { p50: at(0.5), p99: at(0.99), rps: sorted.length / seconds, count: sorted.length };
}

export const fmt = (n: number, digits = 2) => n.toFixed(digits);

export function printTable(rows: Record<string, string | number>[]): void {
  console.table(rows);
}
