import type { DispatchOutcome, SolverInputStatus, UnservedReason } from '#shared/planning/index.ts';
import type { PlanningDay } from './planning-day.ts';

/**
 * What the dispatch workflow's steps hand one another (load day → solve → apply) and what the
 * API answers: the steps and the API handler share these types here, not through each other.
 */
export interface SolvedDispatch {
  date: string;
  versions: PlanningDay['versions'];
  /** The day's half-day guard versions the load step read: each assignment commits only while they hold (ADR 0645). */
  guards: PlanningDay['guards'];
  /** Half-day of every shooting in the problem (the apply step bumps that half-day's guard). */
  halfDays: Record<string, boolean>;
  status: SolverInputStatus;
  outcome: DispatchOutcome;
  shootingRequested: number;
}

export interface DispatchResult {
  /** Technicians who received at least one shooting. */
  userDispatched: number;
  /** Shootings assigned (N of 'N / M des captures ont été réparties.'). */
  shootingDispatched: number;
  /** Shootings asked for (M). */
  shootingRequested: number;
  unserved: Array<{ shootingId: number; reason: UnservedReason | 'changed_meanwhile' }>;
}
