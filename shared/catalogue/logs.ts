import * as z from '../zod.ts';
import { ADMIN_ROLES } from '../roles.ts';
import { LOG_SEARCH_LIMITS } from '../logs/search.ts';
import { defineOperation } from './operation.ts';
import { schema } from '#shared/schema.ts';

/**
 * The request-log viewer (/superlog) and analytics (/SuperAnalytics), part 3 screen 14, §5 (search
 * keywords) and §7 (request logs: search text, sort, offset → logs, offset, count; analytics charts →
 * data with mydate and count). Administrators only. Storage and reads: ADR 0230; search: ADR 0231.
 */

/** Rows per answer (the screen asks for more when scrolled to the bottom). */
export const LOG_PAGE_SIZE = 50;
/** The most records one answer reads to find a page of matches; the cursor continues from there. */
export const LOG_READ_BUDGET = 2_000;
/** Days the charts show when the search names none. */
export const CHART_DEFAULT_DAYS = 30;

export const requestLogEntry = /* @__PURE__ */ schema(() => z.object({
  id: z.string(),
  path: z.string(),
  method: z.string(),
  response_status: z.number().int(),
  params: z.unknown(),
  query: z.unknown(),
  body: z.unknown(),
  /** ISO instant the request arrived. */
  req_date: z.string(),
  /** Handling time, ms. */
  request_time: z.number(),
  user: z.object({ id: z.number().int(), email: z.string() }).nullable(),
  user_id: z.number().int().nullable(),
  ip: z.string(),
  /** Lines the handler logged, each a list of texts or objects (secrets redacted). */
  logs: z.array(z.array(z.unknown())),
}));
export type RequestLogEntry = z.infer<typeof requestLogEntry>;

const search = /* @__PURE__ */ schema(() => z.string().max(LOG_SEARCH_LIMITS.length).default(''));

export const getRequestLogs = /* @__PURE__ */ defineOperation(() => ({
  id: 'getRequestLogs',
  area: 'logs',
  method: 'GET',
  path: '/api/logs/requests',
  access: ADMIN_ROLES,
  summary:
    'The request logs matching a search (keywords method, du, au, date, status, uid, time, logs, query, params, body, user; default: today), by date (default newest first), 50 at a time. `offset` is the number of rows the caller already has; `cursor` (from the previous answer) continues where it stopped. A bad search answers 400 with what is wrong on `search`. `count` is the total when the day counters know it (a date range, optionally a status), else null.',
  input: z.object({
    search,
    direction: z.enum(['desc', 'asc']).default('desc'),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
    cursor: z.string().max(4_000).optional(),
  }),
  output: z.object({
    logs: z.array(requestLogEntry),
    offset: z.number().int(),
    count: z.number().int().nullable(),
    /** Continue with this; null when every matching record was answered. */
    cursor: z.string().nullable(),
  }),
  resources: ['table'],
  writes: [],
}));

export const chartPoint = /* @__PURE__ */ schema(() => z.object({ mydate: z.string(), count: z.number().int() }));

export const getLogCharts = /* @__PURE__ */ defineOperation(() => ({
  id: 'getLogCharts',
  area: 'logs',
  method: 'GET',
  path: '/api/logs/charts',
  access: ADMIN_ROLES,
  summary: `Requests per day and distinct users per day (Quebec days) from the daily counters, over the days of the search (du, au or date only; default the last ${CHART_DEFAULT_DAYS} days).`,
  input: z.object({ search }),
  output: z.object({
    from: z.string(),
    to: z.string(),
    data: z.object({ requests: z.array(chartPoint), users: z.array(chartPoint) }),
  }),
  resources: ['table'],
  writes: [],
}));
