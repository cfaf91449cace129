import * as z from '../zod.ts';

/**
 * The date fields of the catalogue and the business calendar (docs/decisions/0085-date-inputs.md).
 * Every date a caller sends goes through one of these schemas: a real calendar day, an instant
 * (epoch ms) or an ISO date-time, each within [DATE_MIN, DATE_MAX], so no handler ever meets a day
 * `Date` cannot hold (year 275760) or one that does not exist (2026-02-30). The calendar itself
 * (time zone, local days, the accepted range) is shared/rules/business-time.ts, imported from there.
 */

import { DATE_MESSAGES, EPOCH_MS_MAX, EPOCH_MS_MIN, isCalendarDate, localDateOf } from '../rules/business-time.ts';
import { schema } from '#shared/schema.ts';

const inRange = (ms: number) => Number.isFinite(ms) && ms >= EPOCH_MS_MIN && ms <= EPOCH_MS_MAX;

/** A calendar day YYYY-MM-DD: real, within the range. */
export const calendarDate = /* @__PURE__ */ schema(() => z.string().trim().refine(isCalendarDate, DATE_MESSAGES.calendarDate));

/** An instant as epoch milliseconds, within the range. */
export const epochMs = /* @__PURE__ */ schema(() => z.number().int().min(EPOCH_MS_MIN, DATE_MESSAGES.dayInput).max(EPOCH_MS_MAX, DATE_MESSAGES.dayInput));

/** An ISO 8601 date-time with its offset (`2026-05-04T09:30:00-04:00`, `…Z`), within the range. */
export const dateTime = /* @__PURE__ */ schema(() => z
  .string()
  .trim()
  .datetime({ offset: true, message: DATE_MESSAGES.dateTime })
  .refine((s) => inRange(Date.parse(s)) && isCalendarDate(s.slice(0, 10)), DATE_MESSAGES.dateTime));

/**
 * A day given as a timestamp (ms, as the time-slot list gives it), a calendar date or an ISO
 * date-time: normalised to YYYY-MM-DD in Quebec. One message whatever the form that failed.
 */
export const dayInput = /* @__PURE__ */ schema(() => z.union([z.number(), z.string()], { message: DATE_MESSAGES.dayInput }).transform((value, ctx): string => {
  if (typeof value === 'number') {
    if (Number.isInteger(value) && inRange(value)) return localDateOf(value);
  } else {
    const s = value.trim();
    if (isCalendarDate(s)) return s;
    if (isCalendarDate(s.slice(0, 10)) && /^\d{4}-\d{2}-\d{2}T/.test(s)) {
      const ms = Date.parse(s);
      if (inRange(ms)) return localDateOf(ms);
    }
  }
  ctx.addIssue({ code: 'custom', message: DATE_MESSAGES.dayInput });
  return z.NEVER;
}));
