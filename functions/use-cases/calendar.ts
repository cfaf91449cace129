import { CALENDAR_MESSAGES, type Photographer, type Schedule } from '#shared/catalogue/calendar.ts';
import { isAdminLevel, Role } from '#shared/roles.ts';
import { addDays, dayStartMs } from '#shared/rules/business-time.ts';
import type { UserRecord } from '#shared/entities/user.ts';
import { forbidden, notFound } from '../plumbing/errors.ts';
import { availabilitiesOf } from '../storage/availabilities.ts';
import { listingFieldsById } from '../storage/listings.ts';
import { isActive, shootingsOfTechBetween } from '../storage/shootings.ts';
import { unavailabilitiesOf } from '../storage/unavailabilities.ts';
import { activeUsersOfRole, everyUserOfRole, getUser } from '../storage/users.ts';

/**
 * The technician calendar (part 2 §2, §5, §6): whose calendar a caller may touch, and a period's
 * schedule (availabilities, unavailabilities, assigned shootings) of one or more technicians.
 */

const photographerOf = (u: Pick<UserRecord, 'id' | 'firstname' | 'lastname'>): Photographer => ({ id: u.id, firstname: u.firstname, lastname: u.lastname });

/**
 * The active capture technician `userId` when the caller may act on their calendar: an
 * administrator on anyone's, a technician on their own only (403 otherwise); 404 when the id is
 * not an active capture technician.
 */
export async function calendarTechnician(caller: { id: number; role: number }, userId: number): Promise<UserRecord> {
  if (!isAdminLevel(caller.role) && caller.id !== userId) throw forbidden(CALENDAR_MESSAGES.ownCalendarOnly);
  const user = await getUser(userId);
  if (!user || user.role !== Role.tech_capture || user.suspended) throw notFound(CALENDAR_MESSAGES.notATechnician);
  return user;
}

/** The capture technicians a caller may pick: every active one for administrators, themselves for a technician. */
export async function photographersFor(caller: { id: number; role: number }, withSuspended = false): Promise<Photographer[]> {
  if (!isAdminLevel(caller.role)) return [photographerOf(await calendarTechnician(caller, caller.id))];
  if (!withSuspended) return (await activeUsersOfRole(Role.tech_capture)).map(photographerOf);
  return (await everyUserOfRole(Role.tech_capture)).map((u) => ({ ...photographerOf(u), ...(u.suspended ? { suspended: true } : {}) }));
}

/** Every active capture technician, for an administrator's checks of several ids at once (404 naming none). */
export async function captureTechniciansById(ids: readonly number[]): Promise<UserRecord[]> {
  const all = new Map((await activeUsersOfRole(Role.tech_capture)).map((u) => [u.id, u]));
  const missing = ids.filter((id) => !all.has(id));
  if (missing.length) throw notFound(`${CALENDAR_MESSAGES.notATechnician} (${missing.join(', ')})`);
  return ids.map((id) => all.get(id)!);
}

/** The schedule of these technicians from `start` to `end` (days, both included). */
export async function scheduleOf(technicians: readonly UserRecord[], start: string, end: string): Promise<Schedule> {
  const from = new Date(dayStartMs(start)).toISOString();
  const to = new Date(dayStartMs(addDays(end, 1))).toISOString();
  const parts = await Promise.all(
    technicians.map(async (t) => {
      const [availabilities, unavailabilities, shootings] = await Promise.all([availabilitiesOf(t.id, start, end), unavailabilitiesOf(t.id, from, to), shootingsOfTechBetween(t.id, start, end)]);
      return { t, availabilities, unavailabilities, shootings: shootings.filter(isActive) };
    }),
  );
  const listings = await listingFieldsById(parts.flatMap((p) => p.shootings.map((s) => s.listing_id)), ['address', 'city']);
  return {
    availabilities: parts.flatMap(({ t, availabilities }) => availabilities.map((a) => ({ ...a, user: photographerOf(t) }))),
    unAvailabilities: parts.flatMap(({ t, unavailabilities }) => unavailabilities.map((u) => ({ ...u, user: photographerOf(t) }))),
    shootings: parts.flatMap(({ t, shootings }) =>
      shootings.map((s) => {
        const listing = listings.get(s.listing_id);
        return { id: s.id, scheduleddate: s.scheduleddate, am: s.am, starttime: s.starttime, endtime: s.endtime, estimated_duration: s.estimated_duration, tech_id: t.id, address: String(listing?.address ?? ''), city: String(listing?.city ?? ''), state: s.state };
      }),
    ),
  };
}
