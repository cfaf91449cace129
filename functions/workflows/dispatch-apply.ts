import { DISPATCH_BUDGET } from '#shared/workflows/budget.ts';
import type { DispatchAssignment } from '#shared/planning/index.ts';
import { cancellationCodes, transact } from '../plumbing/transact.ts';
import { dayNotLocked } from '../storage/day-locks.ts';
import { dayGuardItems } from '../storage/half-day.ts';
import { assignShooting, dispatchAssignment, storeLegs, type StoredShooting } from '../storage/shootings.ts';
import type { DispatchResult, SolvedDispatch } from '../use-cases/dispatch.ts';
import type { PlanningDay } from '../use-cases/planning-day.ts';
import { techDayFit } from '../use-cases/tech-day-fit.ts';

/** How many times one assignment checks its technician's day again when the day changed since it was read. */
const DAY_CHECKS = 3;

/**
 * Dispatch step 3: write each assignment in its own transaction, conditional on what the load
 * step read: the shooting is still unassigned at the same version (an assignment by hand
 * meanwhile wins), the technician's day is still unlocked (a lock meanwhile wins), and the day's
 * half-day guards are still at the versions read, as this step's own writes moved them (ADR 0645).
 * A guard moved by someone else (a booking, a drop on the board, an unavailability) means the plan
 * was made on a day that changed: from then on each assignment is kept only if its technician's
 * day, read again, still takes it; otherwise it is unserved 'changed_meanwhile'. The checks stop at
 * half the step's time (what is left is unserved), so the step still ends before the workflow's
 * limit (ADR 0101).
 *
 * A shooting held by a technician not working that day (`stranded`, ADR 0595) is taken from them
 * at the version read, as the planner's manual assignment does (any change meanwhile, a hand
 * assignment first, bumps the version and wins), unforced; its leg is stored just after, at the
 * version that write made. The requested shootings the load step left out (`leftOut`) are
 * unserved with its reason, so every shooting counted in M is dispatched or has one.
 */
export async function handler(input: SolvedDispatch & Partial<Pick<PlanningDay, 'stranded' | 'leftOut'>> & { applyBy?: string }): Promise<DispatchResult> {
  // The caller stops waiting at the workflow's limit: past applyBy, write nothing (ADR 0101).
  if (input.applyBy && Date.now() > Date.parse(input.applyBy)) throw new DispatchOutOfTime(input.applyBy);
  const checksUntil = Date.now() + (DISPATCH_BUDGET.applyTimeoutS * 1000) / 2;
  const day: Day = { date: input.date, guards: { ...input.guards }, changed: false };
  const applied: DispatchAssignment[] = [];
  const unserved: DispatchResult['unserved'] = [...input.outcome.unserved, ...(input.leftOut ?? [])];
  for (const a of input.outcome.assignments) {
    const version = input.versions[String(a.shootingId)];
    const am = input.halfDays[String(a.shootingId)];
    if (version === undefined || am === undefined) continue;
    const held = input.stranded?.[String(a.shootingId)];
    const leg = { distanceKm: Math.round(a.distanceKm * 10) / 10, transitS: Math.round(a.transitTimeS) };
    const written = await writeAssignment(day, { a, am, version, held, leg }, checksUntil);
    if (!written) {
      unserved.push({ shootingId: a.shootingId, reason: 'changed_meanwhile' });
      continue;
    }
    applied.push(a);
    if (held) await storeLegs([{ shootingId: a.shootingId, km: leg.distanceKm, transitS: leg.transitS, version: held.version + 1 }]);
  }
  return {
    userDispatched: new Set(applied.map((a) => a.techId)).size,
    shootingDispatched: applied.length,
    shootingRequested: input.shootingRequested,
    unserved,
  };
}

/**
 * The day as this step knows it: the guard versions it wrote on, and whether someone else changed
 * the day since the load step read it (from then on, each assignment is checked again first).
 */
interface Day {
  date: string;
  guards: PlanningDay['guards'];
  changed: boolean;
}

interface Assignment {
  a: DispatchAssignment;
  am: boolean;
  version: number;
  held: StoredShooting | undefined;
  leg: { distanceKm: number; transitS: number };
}

/** Writes one assignment; answers whether it was written. */
async function writeAssignment(day: Day, { a, am, version, held, leg }: Assignment, checksUntil: number): Promise<boolean> {
  for (let attempt = 1; attempt <= DAY_CHECKS; attempt++) {
    if (day.changed) {
      if (Date.now() > checksUntil) return false;
      const fit = await techDayFit(day.date, a.techId, a.shootingId);
      if (!fit || fit.locked || !fit.feasible) return false;
      day.guards = fit.guards;
    }
    try {
      await transact([
        held ? assignShooting(held, a.techId, false) : dispatchAssignment({ id: a.shootingId, scheduleddate: day.date, version }, a.techId, leg),
        dayNotLocked(day.date, a.techId),
        ...dayGuardItems(day.date, am, day.guards, a.shootingId),
      ]);
      day.guards = am ? { ...day.guards, am: day.guards.am + 1 } : { ...day.guards, pm: day.guards.pm + 1 };
      return true;
    } catch (error) {
      const codes = cancellationCodes(error);
      if (!codes) throw error;
      // The shooting or the technician's lock changed: the hand that did it wins.
      if (codes[0] !== 'None' || codes[1] !== 'None') return false;
      day.changed = true;
    }
  }
  return false;
}

/** The apply step was reached after its deadline: the workflow fails and nothing is written. */
export class DispatchOutOfTime extends Error {
  override readonly name = 'DispatchOutOfTime';
  constructor(applyBy: string) {
    super(`The apply step was reached after ${applyBy}; nothing was written.`);
  }
}
