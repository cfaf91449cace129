import type { DispatchAssignment } from '#shared/planning/index.ts';
import { cancellationCodes, transact } from '../plumbing/transact.ts';
import { dayNotLocked } from '../storage/day-locks.ts';
import { bumpHalfDay } from '../storage/half-day.ts';
import { dispatchAssignment } from '../storage/shootings.ts';
import type { DispatchResult, SolvedDispatch } from '../use-cases/dispatch.ts';

/**
 * Dispatch step 3: write each assignment in its own transaction, conditional on what the load
 * step read: the shooting is still unassigned at the same version (an assignment by hand
 * meanwhile wins) and the technician's day is still unlocked (a lock meanwhile wins). The
 * half-day guard's version is bumped so a concurrent booking re-checks its availability.
 */
export async function handler(input: SolvedDispatch & { applyBy?: string }): Promise<DispatchResult> {
  // The caller stops waiting at the workflow's limit: past applyBy, write nothing (ADR 0101).
  if (input.applyBy && Date.now() > Date.parse(input.applyBy)) throw new DispatchOutOfTime(input.applyBy);
  const applied: DispatchAssignment[] = [];
  const unserved: DispatchResult['unserved'] = [...input.outcome.unserved];
  for (const a of input.outcome.assignments) {
    const version = input.versions[String(a.shootingId)];
    const am = input.halfDays[String(a.shootingId)];
    if (version === undefined || am === undefined) continue;
    try {
      await transact([
        dispatchAssignment({ id: a.shootingId, scheduleddate: input.date, version }, a.techId, { distanceKm: Math.round(a.distanceKm * 10) / 10, transitS: Math.round(a.transitTimeS) }),
        dayNotLocked(input.date, a.techId),
        bumpHalfDay(input.date, am),
      ]);
      applied.push(a);
    } catch (error) {
      if (!cancellationCodes(error)) throw error;
      unserved.push({ shootingId: a.shootingId, reason: 'changed_meanwhile' });
    }
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
