import { GetCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { SHOOTING_MESSAGES, addDays, dayStartMs, type SlotReason, type TimeSlot } from '#shared/catalogue/shootings.ts';
import type { ZoneRecord } from '#shared/entities/zone.ts';
import { ServiceOffer } from '#shared/enums.ts';
import { slotAvailability, withCandidate, dayPoints, techZones, type CandidateShooting, type DayProblem, type ShootingInput, type SlotAnswer } from '#shared/planning/index.ts';
import { estimateServiceTime } from '#shared/rules/service-time.ts';
import { HORIZON_MESSAGE, beyondHorizon } from '#shared/rules/booking-horizon.ts';
import { SLOT_HOURS } from '#shared/rules/slots.ts';
import { db, tableName } from '../plumbing/aws.ts';
import { HttpError, conflict } from '../plumbing/errors.ts';
import { keys } from '../plumbing/keys.ts';
import { location } from '../plumbing/location/index.ts';
import { isActive, shootingPositions, shootingsByIds, shootingsOfDay, type StoredShooting } from '../storage/shootings.ts';
import { captureTechnicians, lockedTechnicians, technicianInputs, type Technician } from '../storage/technicians.ts';
import { listZones, photoshootZonesAt } from '../storage/zones.ts';

/**
 * Booking availability (issue 3, use 2; part 1 §2.5, §7 'validate shooting availability'):
 * the day's technicians, locks, unavailabilities and current shootings are read from the table
 * into a DayProblem, and shared/planning's `slotAvailability` answers each half-day.
 * docs/decisions/0050-booking-capacity-and-half-day-guard.md.
 */

/** What a booking needs from the property. */
export interface PropertyForSlots {
  lat: number;
  lng: number;
  roomCount: number;
  isHouse: boolean;
  only360: boolean;
}

/**
 * Skills a booking requires (service offers): a 360-only shooting needs the virtual-tour skill
 * (vr 7); a full shooting needs photos (two_d 8) and the tour (vr 7).
 */
export function requiredOffers(only360: boolean): number[] {
  return only360 ? [ServiceOffer.vr] : [ServiceOffer.two_d, ServiceOffer.vr];
}

export interface PlanningWorld {
  zones: ZoneRecord[];
  technicians: Technician[];
}

export async function loadWorld(): Promise<PlanningWorld> {
  const [zones, technicians] = await Promise.all([listZones(), captureTechnicians()]);
  return { zones, technicians };
}

export function candidateOf(world: PlanningWorld, p: PropertyForSlots): CandidateShooting {
  return {
    location: { lat: p.lat, lng: p.lng },
    zoneIds: photoshootZonesAt({ lat: p.lat, lng: p.lng }, world.zones),
    durationS: estimateServiceTime({ roomCount: p.roomCount, isHouse: p.isHouse, only360: p.only360 }).seconds,
    requires: { serviceOffers: requiredOffers(p.only360), shootingPackages: [] },
  };
}

/** The half-day guard: its version changes with every booking into the half-day; `shooting_ids` lists them. */
export interface HalfDayGuard {
  date: string;
  am: boolean;
  version: number;
  shooting_ids: number[];
}

export async function readGuard(date: string, am: boolean): Promise<HalfDayGuard> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.halfDay(date, am), ConsistentRead: true }));
  return { date, am, version: Number(Item?.version ?? 0), shooting_ids: [...((Item?.shooting_ids as Set<number> | undefined) ?? [])].map(Number) };
}

/**
 * Transaction items of a write into a half-day: bump the target guard's version (the one read)
 * and add the shooting to it; check that the other half-day of the day did not change either, as
 * a shooting of one half-day can run into the other.
 */
export function guardItems(target: HalfDayGuard, other: HalfDayGuard, shootingId: number): TransactItems {
  const unchanged = (g: HalfDayGuard) => (g.version === 0 ? 'attribute_not_exists(pk)' : 'version = :v');
  return [
    {
      Update: {
        TableName: tableName(),
        Key: keys.halfDay(target.date, target.am),
        UpdateExpression: 'SET version = :next, #date = :date, am = :am ADD shooting_ids :ids',
        ConditionExpression: unchanged(target),
        ExpressionAttributeNames: { '#date': 'date' },
        ExpressionAttributeValues: { ':next': target.version + 1, ':date': target.date, ':am': target.am, ':ids': new Set([shootingId]), ...(target.version === 0 ? {} : { ':v': target.version }) },
      },
    },
    {
      ConditionCheck: {
        TableName: tableName(),
        Key: keys.halfDay(other.date, other.am),
        ConditionExpression: unchanged(other),
        ...(other.version === 0 ? {} : { ExpressionAttributeValues: { ':v': other.version } }),
      },
    },
  ];
}

/** Everything one day holds for the availability. */
export interface DayState {
  date: string;
  guards: { am: HalfDayGuard; pm: HalfDayGuard };
  shootings: StoredShooting[];
  locked: Set<number>;
}

/**
 * The day's active shootings: the day index (gsi2) plus any shooting the guards list that the
 * index does not show yet (indexes are eventually consistent; guards are read consistently).
 */
export async function readDay(date: string): Promise<DayState> {
  const [am, pm, indexed, locked] = await Promise.all([readGuard(date, true), readGuard(date, false), shootingsOfDay(date), lockedTechnicians(date)]);
  const known = new Set(indexed.map((s) => s.id));
  const missing = [...am.shooting_ids, ...pm.shooting_ids].filter((id) => !known.has(id));
  const extra = missing.length ? await shootingsByIds(missing) : [];
  const all = [...indexed.filter((s) => !missing.includes(s.id)), ...extra];
  return { date, guards: { am, pm }, shootings: all.filter((s) => s.scheduleddate === date && isActive(s)), locked };
}

/**
 * The DayProblem of a day for a candidate: only the technicians who could take it (zone and
 * skills; slotAvailability checks both again) and the shootings they already hold.
 */
export async function dayProblem(world: PlanningWorld, day: DayState, candidate: CandidateShooting, options: { excludeShootingId?: number } = {}): Promise<DayProblem> {
  const wanted = new Set(candidate.requires.serviceOffers);
  const techs = world.technicians.filter(
    (t) => t.start && [t.user.zone_id, ...t.user.backupZones].some((z) => z !== null && candidate.zoneIds.includes(z)) && [...wanted].every((o) => t.user.service_offers.includes(o)),
  );
  const technicians = await technicianInputs(techs, day.date, day.locked);
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

/** The technician whose time a shooting takes: its assigned technician, else the one its booking reserved. */
export function holder(s: Pick<StoredShooting, 'tech_id' | 'reserved_tech_id'>): number | null {
  return s.tech_id ?? s.reserved_tech_id;
}

/** Whether a half-day's window has already started (no booking into the past). */
export function halfDayStarted(date: string, am: boolean, now = Date.now()): boolean {
  return dayStartMs(date) + (am ? SLOT_HOURS.am.start : SLOT_HOURS.pm.start) * 1000 <= now;
}

/** 422 with a field error when a day lies past the booking horizon (docs/decisions/0086-booking-horizon.md). */
export function assertWithinHorizon(date: string, field: string, now = Date.now()): void {
  if (beyondHorizon(date, now)) throw new HttpError('unprocessable', HORIZON_MESSAGE, { fields: { [field]: [HORIZON_MESSAGE] } });
}

/** One half-day: can an eligible technician still fit the candidate, travel included? */
export async function halfDayAnswer(problem: DayProblem, candidate: CandidateShooting, am: boolean): Promise<SlotAnswer> {
  if (!candidate.zoneIds.length) return { success: false, reason: 'out_of_zone' };
  if (!problem.technicians.length) return { success: false, reason: 'no_techs_available' };
  const travel = await location();
  const matrix = await travel.matrix(dayPoints(withCandidate(problem, candidate, am)));
  return slotAvailability(problem, candidate, am, matrix);
}

/** The time-slot list of part 1 §3 for `days` days from `date`: AM then PM of each day. */
export async function timeSlots(p: PropertyForSlots, date: string, days: number, now = Date.now()): Promise<TimeSlot[]> {
  const world = await loadWorld();
  const candidate = candidateOf(world, p);
  const out: TimeSlot[] = [];
  const dates = Array.from({ length: days }, (_, i) => addDays(date, i));
  const answers = await Promise.all(
    dates.map(async (d) => {
      const slots: TimeSlot[] = [];
      const open = beyondHorizon(d, now) ? [] : [true, false].filter((am) => !halfDayStarted(d, am, now));
      const problem = open.length && candidate.zoneIds.length ? await dayProblem(world, await readDay(d), candidate) : undefined;
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

type TransactItems = NonNullable<TransactWriteCommandInput['TransactItems']>;

export interface HalfDayWrite {
  world: PlanningWorld;
  date: string;
  am: boolean;
  candidate: CandidateShooting;
  shootingId: number;
  /** A shooting moving inside the day must not count against itself. */
  excludeShootingId?: number;
  /** The writes of the booking itself, given the technician whose capacity it takes. */
  items: (techId: number) => TransactItems;
  log?: (...parts: unknown[]) => void;
}

const ATTEMPTS = 4;

/**
 * Re-checks a half-day's availability and writes into it in one transaction with the half-day
 * guards (version bump + the other half-day unchanged). When a concurrent booking changed the
 * day meanwhile, the check runs again on the new state: of two bookings racing for the last
 * place, one commits and the other finds the half-day full (409). Answers the technician held.
 */
export async function writeIntoHalfDay(w: HalfDayWrite): Promise<number> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const day = await readDay(w.date);
    const problem = await dayProblem(w.world, day, w.candidate, w.excludeShootingId === undefined ? {} : { excludeShootingId: w.excludeShootingId });
    const answer = await halfDayAnswer(problem, w.candidate, w.am);
    w.log?.('availability', w.date, w.am ? 'AM' : 'PM', answer);
    if (!answer.success || answer.techId === undefined) throw conflict(SHOOTING_MESSAGES.slotTaken, { reason: answer.reason ?? 'no_time' });
    const own = w.items(answer.techId);
    const [target, other] = w.am ? [day.guards.am, day.guards.pm] : [day.guards.pm, day.guards.am];
    try {
      await db.send(new TransactWriteCommand({ TransactItems: [...own, ...guardItems(target, other, w.shootingId)] }));
      return answer.techId;
    } catch (error) {
      if ((error as Error).name !== 'TransactionCanceledException') throw error;
      const reasons = (error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons ?? [];
      const ownFailed = reasons.slice(0, own.length).some((r) => r.Code && r.Code !== 'None');
      w.log?.('transaction cancelled', attempt, reasons.map((r) => r.Code));
      if (ownFailed) throw conflict('The shooting changed meanwhile; reload and try again.');
    }
  }
  throw conflict(SHOOTING_MESSAGES.slotTaken, { reason: 'busy' });
}
