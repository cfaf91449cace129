import type { SlotReason, TimeSlot } from '#shared/catalogue/shootings.ts';
import { slotAvailabilityWith, techZones, type CandidateShooting, type DayProblem, type ShootingInput, type SlotAnswer } from '#shared/planning/index.ts';
import { HORIZON_MESSAGE, beyondHorizon } from '#shared/rules/booking-horizon.ts';
import { addDays, dayStartMs, halfDayStarted } from '#shared/rules/business-time.ts';
import { HttpError } from '../plumbing/errors.ts';
import { location } from '../plumbing/location/index.ts';
import { shootingPositions } from '../storage/shootings.ts';
import { holder, readDay, type DayState } from './day-state.ts';
import { candidateOf, loadWorld, type PlanningWorld, type PropertyForSlots } from './planning-world.ts';
import { technicianInputs } from './technician-inputs.ts';

/**
 * Booking availability (issue 3, use 2; part 1 §2.5, §7 'validate shooting availability'):
 * the day's technicians, locks, unavailabilities and current shootings are read from the table
 * into a DayProblem, and shared/planning's `slotAvailability` answers each half-day.
 * docs/decisions/0050-booking-capacity-and-half-day-guard.md.
 */

/**
 * The DayProblem of a day for a candidate: only the technicians who could take it (zone and
 * skills; slotAvailability checks both again) and the shootings they already hold.
 */
export async function dayProblem(world: PlanningWorld, day: DayState, candidate: CandidateShooting, options: { excludeShootingId?: number } = {}): Promise<DayProblem> {
  const wanted = new Set(candidate.requires.serviceOffers);
  const techs = world.technicians.filter(
    (t) => t.start && [t.user.zone_id, ...t.user.backupZones].some((z) => z !== null && candidate.zoneIds.includes(z)) && [...wanted].every((o) => t.user.service_offers.includes(o)),
  );
  const holders = new Set(day.shootings.filter((s) => s.id !== options.excludeShootingId).map(holder).filter((id): id is number => id !== null));
  const technicians = await technicianInputs(techs, day.date, day.locked, holders);
  const byId = new Map(technicians.map((t) => [t.id, t]));
  const held = day.shootings.filter((s) => s.id !== options.excludeShootingId && byId.has(holder(s) ?? -1));
  const where = await shootingPositions(held);
  const shootings: ShootingInput[] = held.flatMap((s) => {
    const tech = byId.get(holder(s)!)!;
    const position = where.get(s.id);
    if (!position) return [];
    // A shooting a technician holds stays theirs whatever its zone or skills: it is a fact of the day.
    return [{ id: s.id, location: position, zoneIds: [...techZones(tech)], am: s.am, durationS: s.estimated_duration, requires: { serviceOffers: [], shootingPackages: [] }, current: { techId: tech.id, forceAssigned: true } }];
  });
  return { technicians, shootings };
}

/** The same day for one technician alone, with the shootings they hold: can they take the candidate themselves? */
export function forTechnician(problem: DayProblem, techId: number): DayProblem {
  return { ...problem, technicians: problem.technicians.filter((t) => t.id === techId), shootings: problem.shootings.filter((s) => s.current?.techId === techId) };
}

/** 422 with a field error when a day lies past the booking horizon (docs/decisions/0086-booking-horizon.md). */
export function assertWithinHorizon(date: string, field: string, now = Date.now()): void {
  if (beyondHorizon(date, now)) throw new HttpError('unprocessable', HORIZON_MESSAGE, { fields: { [field]: [HORIZON_MESSAGE] } });
}

/** One half-day: can an eligible technician still fit the candidate, travel included? */
export async function halfDayAnswer(problem: DayProblem, candidate: CandidateShooting, am: boolean): Promise<SlotAnswer> {
  if (!candidate.zoneIds.length) return { success: false, reason: 'out_of_zone' };
  if (!problem.technicians.length) return { success: false, reason: 'no_techs_available' };
  return slotAvailabilityWith(problem, candidate, am, await location());
}

/**
 * The time-slot list of part 1 §3 for `days` days from `date`: AM then PM of each day. A shooting
 * being moved (`excludeShootingId`) does not count against the slots, as its move does not.
 */
export async function timeSlots(p: PropertyForSlots, date: string, days: number, options: { excludeShootingId?: number; now?: number } = {}): Promise<TimeSlot[]> {
  const { excludeShootingId, now = Date.now() } = options;
  const world = await loadWorld();
  const candidate = candidateOf(world, p);
  const out: TimeSlot[] = [];
  const dates = Array.from({ length: days }, (_, i) => addDays(date, i));
  const answers = await Promise.all(
    dates.map(async (d) => {
      const slots: TimeSlot[] = [];
      const open = beyondHorizon(d, now) ? [] : [true, false].filter((am) => !halfDayStarted(d, am, now));
      const problem = open.length && candidate.zoneIds.length ? await dayProblem(world, await readDay(d), candidate, { excludeShootingId }) : undefined;
      for (const am of [true, false]) {
        const answer = problem && open.includes(am) ? await halfDayAnswer(problem, candidate, am) : undefined;
        const success = answer?.success ?? false;
        slots.push({ date_in_ts: dayStartMs(d), is_am: am, success, ...(success ? {} : { reason: slotReason(open.includes(am), answer) }) });
      }
      return slots;
    }),
  );
  for (const slots of answers) out.push(...slots);
  return out;
}

/** Why a slot cannot be booked, as the wizard says it (docs/decisions/0116): started, nobody can come, or full. */
function slotReason(open: boolean, answer: SlotAnswer | undefined): SlotReason {
  if (!open) return 'started';
  return answer?.reason === 'no_time' || answer?.reason === 'invalid' ? 'full' : 'no_technician';
}
