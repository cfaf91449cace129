import * as z from '../zod.ts';
import { Role } from '../roles.ts';
import { ROUTE } from '../routes.ts';
import { daysBetween } from '../rules/business-time.ts';
import { calendarDate } from './dates.ts';
import { defineOperation } from './operation.ts';
import { cardProgress, shootingView, shootTime } from './shootings.ts';
import { schema } from '#shared/schema.ts';

/**
 * The technician's daily schedule and capture report (part 2 §2 'Technician daily schedule',
 * 'Capture report', §6, §7 techDailyShootings and shootingFromTech). A caller outside the admin
 * levels reads their own only (403 naming another technician); administrators name any capture
 * technician (404 for an id that is not one). Decisions: docs/decisions/0165, 0166.
 */

/** The longest period a capture report covers (a year, both ends included). */
export const REPORT_MAX_DAYS = 366;

export const SCHEDULE_MESSAGES = {
  reportOrder: 'The end date comes before the start date.',
  reportTooLong: `A report covers at most ${REPORT_MAX_DAYS} days.`,
  ownOnly: 'A technician reads their own schedule and report only.',
} as const;

const techId = /* @__PURE__ */ schema(() => z.coerce.number().int().positive());
const person = /* @__PURE__ */ schema(() => z.object({ id: z.number().int(), firstname: z.string(), lastname: z.string() }));

/**
 * One card of the schedule: the shooting, its listing, its technician and tags, its status and,
 * once ended, its shoot time against the staff estimate (docs/decisions/0525; optional, so an
 * answer without them still reads).
 */
export const scheduleCard = /* @__PURE__ */ schema(() => shootingView.extend({
  tech: person.nullable(),
  ping_time: z.string().nullable(),
  seasonal: z.boolean(),
  blue_hour: z.boolean(),
  progress: cardProgress.optional(),
  shoot_time: shootTime.nullable().optional(),
}));
export type ScheduleCard = z.infer<typeof scheduleCard>;

export const techDailyShootings = /* @__PURE__ */ defineOperation(() => ({
  id: 'techDailyShootings',
  area: 'schedule',
  method: 'GET',
  path: '/api/schedule/day',
  access: ROUTE.schedule.access,
  summary:
    "A day's active shootings of a capture technician, by start: the caller's own (tech_id left out or their id); administrators name a technician, or leave it out for every assigned shooting of the day. Each card with its status and, once ended, its shoot time against the staff estimate (docs/decisions/0525).",
  input: z.object({ date: calendarDate, tech_id: techId.optional() }),
  output: z.object({ date: z.string(), shootings: z.array(scheduleCard) }),
  resources: ['table'],
  writes: [],
}));

/** One captured shooting of the report: from ping time (else start time) to end time. */
export const reportRow = /* @__PURE__ */ schema(() => z.object({
  id: z.number().int(),
  address: z.string(),
  app: z.string(),
  city: z.string(),
  scheduleddate: z.string(),
  start: z.string(),
  end: z.string(),
  duration_s: z.number().int().nonnegative(),
  distance_km: z.number().nonnegative(),
}));
export type ReportRow = z.infer<typeof reportRow>;

export const shootingFromTech = /* @__PURE__ */ defineOperation(() => ({
  id: 'shootingFromTech',
  area: 'schedule',
  method: 'GET',
  path: '/api/schedule/report',
  access: ROUTE.shootReports.access,
  summary:
    "The capture report of a technician from start_date to end_date (days, both included): each captured shooting (an end time and a ping or start time) with its capture time, their count, total and average capture time and total distance. The caller's own unless an administrator names another technician.",
  input: z
    .object({ tech_id: techId.optional(), start_date: calendarDate, end_date: calendarDate })
    .refine((p) => p.end_date >= p.start_date, { message: SCHEDULE_MESSAGES.reportOrder, path: ['end_date'] })
    .refine((p) => p.end_date < p.start_date || daysBetween(p.start_date, p.end_date) < REPORT_MAX_DAYS, { message: SCHEDULE_MESSAGES.reportTooLong, path: ['end_date'] }),
  output: z.object({
    tech: person,
    start_date: z.string(),
    end_date: z.string(),
    count: z.number().int().nonnegative(),
    total_capture_s: z.number().int().nonnegative(),
    average_capture_s: z.number().int().nonnegative(),
    total_distance_km: z.number().nonnegative(),
    rows: z.array(reportRow),
  }),
  resources: ['table'],
  writes: [],
}));

/**
 * The technicians' iCalendar feed (beyond the spec; docs/decisions/0190): a capture technician
 * subscribes their calendar application to a private address carrying a secret token, shown once
 * when made, replaceable and revocable from /schedule. The feed reads the planner at every request.
 */
const FEED_OWNERS = [Role.tech_capture] as const;

/** The feed's secret: 32 random bytes in base64url (43 characters). */
export const feedToken = /* @__PURE__ */ schema(() => z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Invalid feed address.'));

export const feedState = /* @__PURE__ */ schema(() => z.object({ active: z.boolean(), created_at: z.string().nullable() }));

export const getCalendarFeed = /* @__PURE__ */ defineOperation(() => ({
  id: 'getCalendarFeed',
  area: 'schedule',
  method: 'GET',
  path: '/api/schedule/feed',
  access: FEED_OWNERS,
  summary: "Whether the caller's calendar feed exists and since when (its address is shown only when made).",
  input: z.object({}),
  output: feedState,
  resources: ['table'],
  writes: [],
}));

export const createCalendarFeed = /* @__PURE__ */ defineOperation(() => ({
  id: 'createCalendarFeed',
  area: 'schedule',
  method: 'POST',
  path: '/api/schedule/feed',
  access: FEED_OWNERS,
  summary:
    "Makes the caller's calendar feed and answers its secret token and address path (shown once). With replace true an existing feed is replaced (its old address answers 404); without, an existing feed answers 409.",
  input: z.object({ replace: z.boolean() }),
  output: z.object({ token: feedToken, path: z.string(), created_at: z.string() }),
  resources: ['table'],
}));

export const revokeCalendarFeed = /* @__PURE__ */ defineOperation(() => ({
  id: 'revokeCalendarFeed',
  area: 'schedule',
  method: 'DELETE',
  path: '/api/schedule/feed',
  access: FEED_OWNERS,
  summary:
    "Revokes the caller's calendar feed made at created_at (the one the screen shows): its address answers 404 from now on. revoked false when there is none; 409 when the feed was replaced meanwhile.",
  input: z.object({ created_at: z.string().datetime() }),
  output: z.object({ revoked: z.boolean() }),
  resources: ['table'],
}));

/** How often a subscribed application should read the feed again. */
export const FEED_REFRESH_MINUTES = 15;

export const getCalendarFeedIcs = /* @__PURE__ */ defineOperation(() => ({
  id: 'getCalendarFeedIcs',
  area: 'schedule',
  method: 'GET',
  path: '/api/schedule/ical/{token}',
  access: 'public',
  summary:
    "A technician's schedule as an iCalendar feed (RFC 5545, text/calendar): one VEVENT per active shooting assigned to them from 60 days back to 365 days ahead, UID stable per shooting, SEQUENCE its version; texts in French or English (lang). 404 for an unknown or revoked token.",
  input: z.object({ token: feedToken, lang: z.enum(['fr', 'en']).default('fr') }),
  output: z.string(),
  produces: 'text/calendar; charset=utf-8',
  resources: ['table'],
  writes: [],
}));
