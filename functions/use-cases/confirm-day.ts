import { routeFiguresWith } from '#shared/planning/index.ts';
import { localTimeMs } from '#shared/rules/business-time.ts';
import { isPendingConfirmation } from '#shared/rules/pending.ts';
import { location } from '../plumbing/location/index.ts';
import { cancellationCodes, transact } from '../plumbing/transact.ts';
import { confirmShooting, shootingsByIds, type StoredShooting } from '../storage/shootings.ts';
import { loadPlanningDay } from './planning-day.ts';

export interface DayConfirmation {
  /** Shootings confirmed now, with their exact start. */
  confirmed: number;
  /** Those shootings as they were read, each with its planned start (seconds after the day's local midnight). */
  shootings: Array<{ shooting: StoredShooting; startS: number }>;
  /** Whether the technician's route through the day fits it; when it does not, nothing is confirmed. */
  feasible: boolean;
  /** Why the confirmations stopped part way (a storage fault): those made stand, locking again makes the rest. */
  interrupted?: string;
}

/**
 * A locked day is the technician's final plan (docs/decisions/0540): each shooting assigned to them
 * that day and still pending confirmation becomes confirmed, its start the one the best route
 * through everything they hold plans for it (part 1 §4: unconfirmed with a half-day, confirmed with
 * an exact time). A day whose route does not fit (shootings forced on top of each other) confirms
 * nothing: its times would not hold. Each shooting is confirmed at the version read; one changed
 * meanwhile is left pending.
 */
export async function confirmLockedDay(date: string, techId: number, now = new Date().toISOString()): Promise<DayConfirmation> {
  const day = await loadPlanningDay(date);
  const tech = day.problem.technicians.find((t) => t.id === techId);
  const held = day.problem.shootings.filter((s) => s.current?.techId === techId);
  const assigned = held.filter((s) => day.assignedTo[String(s.id)] === techId).map((s) => s.id);
  if (!tech || assigned.length === 0) return { confirmed: 0, shootings: [], feasible: true };
  const route = await routeFiguresWith(tech, held, await location(), { order: 'best', settings: day.problem.settings ?? {} });
  if (!route.feasible) return { confirmed: 0, shootings: [], feasible: false };
  const startOf = new Map(route.legs.map((leg) => [leg.shootingId, leg.startS]));
  const shootings: DayConfirmation['shootings'] = [];
  for (const s of await shootingsByIds(assigned)) {
    const startS = startOf.get(s.id);
    if (startS === undefined || !isPendingConfirmation(s)) continue;
    try {
      await transact([confirmShooting(s, new Date(localTimeMs(date, startS)).toISOString(), now)]);
      shootings.push({ shooting: s, startS });
    } catch (error) {
      // Changed meanwhile: left pending. Any other failure stops here, and the caller still learns what was confirmed.
      if (!cancellationCodes(error)) return { confirmed: shootings.length, shootings, feasible: true, interrupted: String((error as Error | null)?.message ?? error) };
    }
  }
  return { confirmed: shootings.length, shootings, feasible: true };
}
