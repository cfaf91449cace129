import autocannon from 'autocannon';
import type { Summary } from './stats.ts';

/** Drives an HTTP endpoint with N concurrent connections for a while (autocannon). */
export async function httpLoad(opts: { url: string; method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string; connections: number; seconds: number }): Promise<Summary & { non2xx: number }> {
  const result = await autocannon({
    url: opts.url,
    method: opts.method ?? 'GET',
    connections: opts.connections,
    duration: opts.seconds,
    headers: opts.headers ?? {},
    ...(opts.body ? { body: opts.body } : {}),
  });
  return { p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average, count: result.requests.total, non2xx: result.non2xx };
}
