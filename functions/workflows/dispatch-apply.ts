import type { DispatchAssignment } from '#shared/planning/index.ts';
import { cancellationCodes, transact } from '../plumbing/transact.ts';
import { dayNotLocked } from '../storage/day-locks.ts';
import { bumpHalfDay } from '../storage/half-day.ts';
import { assignShooting, dispatchAssignment, storeLegs } from '../storage/shootings.ts';
import type { DispatchResult, SolvedDispatch } from '../use-cases/dispatch.ts';
import type { PlanningDay } from '../use-cases/planning-day.ts';

/**
 * Dispatch step 3: write each assignment in its own transaction, conditional on what the load
 * step read: the shooting is still unassigned at the same version (an assignment by hand
 * meanwhile wins) and the technician's day is still unlocked (a lock meanwhile wins). The
 * half-day guard's version is bumped so a concurrent booking re-checks its availability.
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
  const applied: DispatchAssignment[] = [];
  const unserved: DispatchResult['unserved'] = [...input.outcome.unserved, ...(input.leftOut ?? [])];
  for (const a of input.outcome.assignments) {
    const version = input.versions[String(a.shootingId)];
    const am = input.halfDays[String(a.shootingId)];
    if (version === undefined || am === undefined) continue;
    const held = input.stranded?.[String(a.shootingId)];
    const leg = { distanceKm: Math.round(a.distanceKm * 10) / 10, transitS: Math.round(a.transitTimeS) };
    try {
      await transact([
        held ? assignShooting(held, a.techId, false) : dispatchAssignment({ id: a.shootingId, scheduleddate: input.date, version }, a.techId, leg),
        dayNotLocked(input.date, a.techId),
        bumpHalfDay(input.date, am),
      ]);
      applied.push(a);
    } catch (error) {
      if (!cancellationCodes(error)) throw error;
      unserved.push({ shootingId: a.shootingId, reason: 'changed_meanwhile' });
      continue;
    }
    if (held) await storeLegs([{ shootingId: a.shootingId, km: leg.distanceKm, transitS: leg.transitS, version: held.version + 1 }]);
  }
  return {
    userDispatched: new Set(applied.map((a) => a.techId)).size,
    shootingDispatched: applied.length,
    shootingRequested: input.shootingRequested,
    unserved,
  };
}

/** The apply step was reached after its deadline: the workflow fails and nothing is written. */
export class DispatchOutOfTime extends Error {
  override readonly name = 'DispatchOutOfTime';
  constructor(applyBy: string) {
    super(`The apply step was reached after ${applyBy}; nothing was written.`);
  }
}
