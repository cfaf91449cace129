import { randomUUID } from 'node:crypto';
import type { RequestLogRecord } from '#functions/plumbing/request-log.ts';

/** A request-log record of an anonymous GET answered 200 now, with `over` on top. */
export const requestLogRecord = (over: Partial<RequestLogRecord> = {}): RequestLogRecord => ({
  requestId: randomUUID(),
  path: '/api/tickets',
  route: 'GET /api/tickets',
  method: 'GET',
  status: 200,
  params: {},
  query: {},
  body: {},
  date: new Date(),
  durationMs: 12,
  user: undefined,
  ip: '192.0.2.10',
  logs: [],
  ...over,
});
