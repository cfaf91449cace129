import * as z from '../zod.ts';
import { ADMIN_ROLES, CALENDAR_ROLES } from '../roles.ts';
import { calendarDate, dateTime } from './dates.ts';
import { defineOperation } from './operation.ts';
import { unavailabilityOfSelection } from '../rules/calendar.ts';
import { schema } from '#shared/schema.ts';

/**
 * The technician calendar (part 2 §2 'Technician calendar', §4 its dialogs, §5 'Calendar', §6, §7
 * 'Availability'): whole-day availabilities and timed unavailabilities of capture technicians.
 * Administrators act on any technician; a capture technician only on their own calendar (the
 * handlers check it). Decisions: docs/decisions/0155 (what an availability means), 0156 (the calls).
 */

/** The longest period a schedule read covers: the month on screen plus or minus 7 days (§9), with room. */
export const CALENDAR_PERIOD_MAX_DAYS = 62;
/** The most days one selection records (a month view selection spans at most six weeks). */
export const AVAILABILITY_DATES_MAX = 62;
export const TECHS_PER_CALL_MAX = 50;
/** The longest unavailability one call records. */
export const UNAVAILABILITY_MAX_DAYS = 92;
export const REASON_MAX = 500;

/** Messages of the calendar calls (English; the screen shows the spec's texts). */
export const CALENDAR_MESSAGES = {
  periodOrder: 'The end of the period comes before its start.',
  periodTooLong: `A period covers at most ${CALENDAR_PERIOD_MAX_DAYS} days.`,
  unavailabilityOrder: 'The unavailability must end after it starts.',
  unavailabilityTooLong: `An unavailability lasts at most ${UNAVAILABILITY_MAX_DAYS} days.`,
  notATechnician: 'No capture technician has this id.',
  ownCalendarOnly: 'A technician acts on their own calendar only.',
  noAvailability: 'This technician has no availability on that day.',
  noUnavailability: 'This unavailability does not exist.',
  reminderPast: 'Reminders are sent for today or a day to come.',
} as const;

const userId = /* @__PURE__ */ schema(() => z.coerce.number().int().positive());
const DAY_MS = 86_400_000;

/** Period checks (days, both included): in order, at most CALENDAR_PERIOD_MAX_DAYS long. */
const inOrder = [(p: { start: string; end: string }) => p.end >= p.start, { message: CALENDAR_MESSAGES.periodOrder, path: ['end'] as PropertyKey[] }] as const;
const notTooLong = [(p: { start: string; end: string }) => Date.parse(p.end) - Date.parse(p.start) < CALENDAR_PERIOD_MAX_DAYS * DAY_MS, { message: CALENDAR_MESSAGES.periodTooLong, path: ['end'] as PropertyKey[] }] as const;

const dates = /* @__PURE__ */ schema(() => z.array(calendarDate).min(1).max(AVAILABILITY_DATES_MAX));

export const photographer = /* @__PURE__ */ schema(() => z.object({ id: z.number().int(), firstname: z.string(), lastname: z.string(), suspended: z.boolean().optional() }));
export type Photographer = z.infer<typeof photographer>;

export const availabilityView = /* @__PURE__ */ schema(() => z.object({ date: z.string(), user_id: z.number().int(), user: photographer.nullable() }));
export type AvailabilityView = z.infer<typeof availabilityView>;

export const unavailabilityView = /* @__PURE__ */ schema(() => z.object({
  id: z.string(),
  /** ISO instants in UTC, seconds zeroed. */
  start: z.string(),
  end: z.string(),
  user_id: z.number().int(),
  user: photographer.nullable(),
  summary: z.string(),
}));
export type UnavailabilityView = z.infer<typeof unavailabilityView>;

export const calendarShooting = /* @__PURE__ */ schema(() => z.object({
  id: z.number().int(),
  scheduleddate: z.string(),
  am: z.boolean(),
  /** ISO instants once planned; null while only the half-day is known. */
  starttime: z.string().nullable(),
  endtime: z.string().nullable(),
  estimated_duration: z.number().int(),
  tech_id: z.number().int(),
  address: z.string(),
  city: z.string(),
  state: z.number().int(),
}));
export type CalendarShooting = z.infer<typeof calendarShooting>;

const schedule = /* @__PURE__ */ schema(() => z.object({ availabilities: z.array(availabilityView), unAvailabilities: z.array(unavailabilityView), shootings: z.array(calendarShooting) }));
export type Schedule = z.infer<typeof schedule>;

export const getPhotographers = /* @__PURE__ */ defineOperation(() => ({
  id: 'getPhotographers',
  area: 'calendar',
  method: 'GET',
  path: '/api/calendar/photographers',
  access: CALENDAR_ROLES,
  summary:
    "The capture technicians whose calendar the caller may open: every active one for administrators, themselves for a technician. With suspended=true, administrators also get the suspended ones, marked (the capture report of a technician who left).",
  input: z.object({ suspended: z.enum(['true', 'false']).optional().transform((v) => v === 'true') }),
  output: z.object({ photographers: z.array(photographer) }),
  resources: ['table'],
  writes: [],
}));

export const getAllScheduleForTimeperiod = /* @__PURE__ */ defineOperation(() => ({
  id: 'getAllScheduleForTimeperiod',
  area: 'calendar',
  method: 'GET',
  path: '/api/calendar/schedule',
  access: ADMIN_ROLES,
  summary: "Every active capture technician's availabilities, unavailabilities and assigned shootings from start to end (days, both included).",
  input: z.object({ start: calendarDate, end: calendarDate }).refine(...inOrder).refine(...notTooLong),
  output: schedule,
  resources: ['table'],
  writes: [],
}));

export const getUserScheduleForTimeperiod = /* @__PURE__ */ defineOperation(() => ({
  id: 'getUserScheduleForTimeperiod',
  area: 'calendar',
  method: 'GET',
  path: '/api/calendar/users/{user_id}/schedule',
  access: CALENDAR_ROLES,
  summary: "One capture technician's availabilities, unavailabilities and assigned shootings from start to end; a technician reads only their own.",
  input: z.object({ user_id: userId, start: calendarDate, end: calendarDate }).refine(...inOrder).refine(...notTooLong),
  output: schedule,
  resources: ['table'],
  writes: [],
}));

export const addUserAvailability = /* @__PURE__ */ defineOperation(() => ({
  id: 'addUserAvailability',
  area: 'calendar',
  method: 'POST',
  path: '/api/calendar/users/{user_id}/availabilities',
  access: CALENDAR_ROLES,
  summary: 'Records whole-day availabilities of one capture technician (a technician: their own); days already recorded stay as they are.',
  input: z.object({ user_id: userId, dates }),
  output: z.object({ availabilities: z.array(availabilityView) }),
  resources: ['table'],
}));

export const addAvailabilityForTechs = /* @__PURE__ */ defineOperation(() => ({
  id: 'addAvailabilityForTechs',
  area: 'calendar',
  method: 'POST',
  path: '/api/calendar/availabilities',
  access: ADMIN_ROLES,
  summary: 'Records whole-day availabilities of one or more capture technicians (every technician × every date).',
  input: z.object({ tech_ids: z.array(z.number().int().positive()).min(1).max(TECHS_PER_CALL_MAX), dates }),
  output: z.object({ availabilities: z.array(availabilityView) }),
  resources: ['table'],
}));

export const removeAvailability = /* @__PURE__ */ defineOperation(() => ({
  id: 'removeAvailability',
  area: 'calendar',
  method: 'DELETE',
  path: '/api/calendar/users/{user_id}/availabilities/{date}',
  access: CALENDAR_ROLES,
  summary: 'Removes one whole-day availability (a technician: their own); 404 when there is none. Shootings already assigned that day stay with the technician.',
  input: z.object({ user_id: userId, date: calendarDate }),
  output: z.object({ status: z.literal(200) }),
  resources: ['table'],
}));

function isNonEmptySelection(start: string, end: string): boolean {
  // A time that is not one has its own field error already.
  if (!Number.isFinite(Date.parse(start)) || !Number.isFinite(Date.parse(end))) return true;
  const stored = unavailabilityOfSelection(start, end);
  return Date.parse(end) > Date.parse(start) && Date.parse(stored.end) > Date.parse(stored.start);
}

export const createUserUnavailability = /* @__PURE__ */ defineOperation(() => ({
  id: 'createUserUnavailability',
  area: 'calendar',
  method: 'POST',
  path: '/api/calendar/users/{user_id}/unavailabilities',
  access: CALENDAR_ROLES,
  summary:
    'Records an unavailability of one capture technician (a technician: their own) from a time selection: stored in UTC with seconds zeroed; a selection starting at 7 h (Quebec) ends 30 minutes later (part 2 §5).',
  input: z
    .object({ user_id: userId, start: dateTime, end: dateTime, reason: z.string().trim().max(REASON_MAX).nullable().optional() })
    // Seconds are zeroed before it is stored (part 2 §5): 10:00:10 to 10:00:50 would be empty.
    .refine((u) => isNonEmptySelection(u.start, u.end), { message: CALENDAR_MESSAGES.unavailabilityOrder, path: ['end'] })
    .refine((u) => Date.parse(u.end) - Date.parse(u.start) <= UNAVAILABILITY_MAX_DAYS * DAY_MS, { message: CALENDAR_MESSAGES.unavailabilityTooLong, path: ['end'] }),
  output: z.object({ result: unavailabilityView }),
  resources: ['table'],
}));

export const removeUnavailability = /* @__PURE__ */ defineOperation(() => ({
  id: 'removeUnavailability',
  area: 'calendar',
  method: 'DELETE',
  path: '/api/calendar/unavailabilities/{id}',
  access: CALENDAR_ROLES,
  summary: 'Removes an unavailability by its id (a technician: their own); 404 when there is none.',
  input: z.object({ id: z.string().trim().uuid(CALENDAR_MESSAGES.noUnavailability) }),
  output: z.object({ status: z.literal(200) }),
  resources: ['table'],
}));

/** A technician a reminder went to (or could not go to), with the number of shootings it listed. */
export const remindedTechnician = /* @__PURE__ */ schema(() => photographer.omit({ suspended: true }).extend({ email: z.string(), shootings: z.number().int() }));
export type RemindedTechnician = z.infer<typeof remindedTechnician>;
/** Why a reminder was not sent: an address SES refuses (ADR 0705), or the sending failed (try again). */
export const REMINDER_FAILURES = ['address_refused', 'send_failed'] as const;
export type ReminderFailure = (typeof REMINDER_FAILURES)[number];

export const sendShootingReminderToPhotographers = /* @__PURE__ */ defineOperation(() => ({
  id: 'sendShootingReminderToPhotographers',
  area: 'calendar',
  method: 'POST',
  path: '/api/calendar/reminders',
  access: ADMIN_ROLES,
  summary:
    "E-mails each active capture technician who has shootings on the day the list of them, in the order they happen: time (or half-day window while untimed), address, number, note, whether it is confirmed, and the link to their schedule (docs/decisions/0156). Answers who was sent one and who could not be, and why (an address SES refuses, or the sending failed); a technician without shootings that day gets none. 422 for a day already past.",
  input: z.object({ date: calendarDate }),
  output: z.object({ date: z.string(), sent: z.array(remindedTechnician), failed: z.array(remindedTechnician.extend({ reason: z.enum(REMINDER_FAILURES) })) }),
  resources: ['table', 'mail'],
  writes: [],
}));
