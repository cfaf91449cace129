import { STAFF_LIST_DAYS_BACK, getAllShootings } from '#shared/catalogue/shootings.ts';
import { addDays, localDateOf } from '#shared/rules/business-time.ts';
import { BOOKING_HORIZON_DAYS, lastBookableDay } from '#shared/rules/booking-horizon.ts';
import { Role } from '#shared/roles.ts';
import { cardProgressOf } from '#shared/rules/shooting-progress.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { badRequest } from '../plumbing/errors.ts';
import { shootingViews, shootingsOfBroker, shootingsOfBrokerBetween, shootingsOfDay, shootingsOfTech, shootingsOfTechBetween, type StoredShooting } from '../storage/shootings.ts';
import { shootTimes } from '../use-cases/shoot-times.ts';
import { userNamesById, type UserName } from '../storage/users.ts';

/** The ends of a range given on one side only (a key value may not be empty). */
const OPEN_START = '0000-01-01';
const OPEN_END = '9999-12-31';

/**
 * Staff read at most this many days per call (one day-index Query per day): the default window, a
 * week back to the last bookable day, so that a shooting booked at the horizon is in the list.
 */
export const MAX_STAFF_DAYS = STAFF_LIST_DAYS_BACK + BOOKING_HORIZON_DAYS + 1;

/**
 * Who sees what (docs/decisions/0051-shooting-list-for-brokers.md): a broker their own shootings,
 * a capture technician the ones assigned to them, staff (1, 2, 5, 8) every shooting of a date range.
 * Each with its card status; a one-day read by anyone but a broker also with its shoot time.
 */
export const handler = apiHandler(getAllShootings, async ({ from, to }, ctx) => {
  const role = ctx.user.role;
  let shootings: StoredShooting[];
  // A broker's or a technician's own: the range read from their index when one is given (their whole history otherwise).
  const ranged = from !== undefined || to !== undefined;
  if (from !== undefined && to !== undefined && from > to) shootings = [];
  else if (role === Role.broker) shootings = ranged ? await shootingsOfBrokerBetween(ctx.user.id, from ?? OPEN_START, to ?? OPEN_END) : await shootingsOfBroker(ctx.user.id);
  else if (role === Role.tech_capture) shootings = ranged ? await shootingsOfTechBetween(ctx.user.id, from ?? OPEN_START, to ?? OPEN_END) : await shootingsOfTech(ctx.user.id);
  else {
    // One instant for both ends: a read across midnight must not span one day more than the window.
    const at = Date.now();
    const today = localDateOf(at);
    const first = from ?? addDays(today, -STAFF_LIST_DAYS_BACK);
    const last = to ?? (from === undefined ? lastBookableDay(at) : addDays(first < today ? today : first, 30));
    const dates: string[] = [];
    for (let d = first; d <= last; d = addDays(d, 1)) {
      dates.push(d);
      if (dates.length > MAX_STAFF_DAYS) throw badRequest(`At most ${MAX_STAFF_DAYS} days at a time.`, { to: [`At most ${MAX_STAFF_DAYS} days after from.`] });
    }
    shootings = (await Promise.all(dates.map((d) => shootingsOfDay(d)))).flat();
  }
  const inRange = shootings.filter((s) => (!from || s.scheduleddate >= from) && (!to || s.scheduleddate <= to));
  inRange.sort((a, b) => a.scheduleddate.localeCompare(b.scheduleddate) || Number(b.am) - Number(a.am) || a.id - b.id);
  // One day (the shooting dashboard's) read by anyone but a broker: with the shoot times (docs/decisions/0525).
  const now = Date.now();
  const withShootTime = from !== undefined && from === to && role !== Role.broker;
  const [views, times, techs] = await Promise.all([shootingViews(inRange), withShootTime ? shootTimes(inRange) : undefined, withShootTime ? holders(inRange) : undefined]);
  return {
    data: views.map((view, i) => {
      const s = inRange[i]!;
      return { ...view, progress: cardProgressOf(s, now), ...(times && { shoot_time: times.get(view.id) ?? null }), ...(techs && { tech: s.tech_id === null ? null : (techs.get(s.tech_id) ?? { id: s.tech_id, firstname: '', lastname: '' }) }) };
    }),
  };
});

/** The technicians holding the shootings, by id: names only. */
function holders(shootings: readonly StoredShooting[]): Promise<Map<number, UserName>> {
  return userNamesById(shootings.flatMap((s) => (s.tech_id === null ? [] : [s.tech_id])));
}
