import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  abandonShooting,
  assignProdShooting,
  attemptShootingFlagRemoval,
  dailyShootingActivity,
  dispatchShooting,
  getRouteFigures,
  recalculateShootingDistances,
  techLocks,
  unassignShootingTech,
  updateLockStatus,
  type PlannerShooting,
  type ScheduledTech,
} from '#shared/catalogue/planner.ts';
import { billShooting, getAllShootings, type ShootingView } from '#shared/catalogue/shootings.ts';
import { addDays, localDateOf } from '#shared/rules/business-time.ts';
import { ShootingState } from '#shared/enums.ts';
import type { OutputOf } from '#shared/catalogue/operation.ts';
import { callOperation } from '../../api/client.ts';

/**
 * Query options of the planner (part 2 'Shooting planner'): the day's board (shootings and the
 * technicians working), the route figures per technician and the day locks. Every write of the
 * board invalidates `day(date)`.
 */
export const plannerQueries = {
  all: () => ['planner'] as const,
  day: (date: string) => [...plannerQueries.all(), date] as const,
  shootings: (date: string) =>
    queryOptions({
      queryKey: [...plannerQueries.day(date), 'shootings'] as const,
      queryFn: ({ signal }) => callOperation(getAllShootings, { from: date, to: date }, { signal }),
      select: (answer) => answer.data.filter(isActive),
    }),
  board: (date: string) =>
    queryOptions({
      queryKey: [...plannerQueries.day(date), 'board'] as const,
      queryFn: ({ signal }) => callOperation(dailyShootingActivity, { date }, { signal }),
    }),
  locks: (date: string) =>
    queryOptions({
      queryKey: [...plannerQueries.day(date), 'locks'] as const,
      queryFn: ({ signal }) => callOperation(techLocks, { date }, { signal }),
      select: (answer) => new Set(answer.locks.map((l) => l.tech_id)),
    }),
  figures: (date: string) =>
    queryOptions({
      queryKey: [...plannerQueries.day(date), 'figures'] as const,
      queryFn: ({ signal }) => callOperation(getRouteFigures, { date }, { signal }),
    }),
};

/** What a page does with a mutation's answer (feedback); the hooks below own the cache. */
interface Reactions<Answer> {
  onSuccess?: (answer: Answer) => void;
  onError?: (error: Error) => void;
}

/** The day is reloaded after dispatch, assignment and unassignment, also on failure. */
function useDayReload(date: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: plannerQueries.day(date) });
}

/** 'Actualiser': the answer is the day's fresh figures; the shootings are re-read. */
export function useRecalculateMutation(date: string, reactions: Reactions<OutputOf<typeof recalculateShootingDistances>> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callOperation(recalculateShootingDistances, { date }),
    onSuccess: (figures) => {
      queryClient.setQueryData(plannerQueries.figures(date).queryKey, figures);
      void queryClient.invalidateQueries({ queryKey: plannerQueries.shootings(date).queryKey });
      reactions.onSuccess?.(figures);
    },
    onError: reactions.onError,
  });
}

export function useDispatchMutation(date: string, reactions: Reactions<OutputOf<typeof dispatchShooting>> = {}) {
  return useMutation({
    mutationFn: (shootingIds: number[]) => callOperation(dispatchShooting, { date, shooting_ids: shootingIds }),
    onSuccess: reactions.onSuccess,
    onError: reactions.onError,
    onSettled: useDayReload(date),
  });
}

export function useAssignMutation(date: string, reactions: Reactions<OutputOf<typeof assignProdShooting>> = {}) {
  return useMutation({
    mutationFn: ({ shootingId, techId, force }: { shootingId: number; techId: number; force: boolean }) =>
      callOperation(assignProdShooting, { shooting_id: shootingId, tech_id: techId, force_assigned: force }),
    onSuccess: reactions.onSuccess,
    onError: reactions.onError,
    onSettled: useDayReload(date),
  });
}

export function useUnassignMutation(date: string, reactions: Reactions<OutputOf<typeof unassignShootingTech>> = {}) {
  return useMutation({
    mutationFn: (shootingId: number) => callOperation(unassignShootingTech, { shooting_id: shootingId }),
    onSuccess: reactions.onSuccess,
    onError: reactions.onError,
    onSettled: useDayReload(date),
  });
}

/** Lock or unlock a technician's day (updateLockStatus). */
export function useLockMutation(date: string, reactions: Reactions<OutputOf<typeof updateLockStatus>> = {}) {
  return useMutation({
    mutationFn: ({ techId, locked }: { techId: number; locked: boolean }) => callOperation(updateLockStatus, { tech_id: techId, locked, date }),
    onSuccess: reactions.onSuccess,
    onError: reactions.onError,
    onSettled: useDayReload(date),
  });
}

/** Try to remove a shooting's forced flag (attemptShootingFlagRemoval). */
export function useFlagRemovalMutation(date: string, reactions: Reactions<OutputOf<typeof attemptShootingFlagRemoval>> = {}) {
  return useMutation({
    mutationFn: (s: Pick<PlannerShooting, 'id' | 'version'>) => callOperation(attemptShootingFlagRemoval, { shooting_id: s.id, version: s.version }),
    onSuccess: reactions.onSuccess,
    onError: reactions.onError,
    onSettled: useDayReload(date),
  });
}

export function useAbandonMutation(date: string, reactions: Reactions<OutputOf<typeof abandonShooting>> = {}) {
  return useMutation({
    mutationFn: (s: Pick<PlannerShooting, 'id' | 'version'>) => callOperation(abandonShooting, { shooting_id: s.id, version: s.version }),
    onSuccess: reactions.onSuccess,
    onError: reactions.onError,
    onSettled: useDayReload(date),
  });
}

/** Billable or not (the shooting administration's billShooting). */
export function useBillableMutation(date: string, reactions: Reactions<OutputOf<typeof billShooting>> = {}) {
  return useMutation({
    mutationFn: (s: Pick<PlannerShooting, 'id' | 'version' | 'billable'>) => callOperation(billShooting, { shooting_id: s.id, version: s.version, billable: !s.billable }),
    onSuccess: reactions.onSuccess,
    onError: reactions.onError,
    onSettled: useDayReload(date),
  });
}

/** The board's shootings not on a working technician's card: unassigned, or held by someone not working that day. */
export function unassignedOnBoard(shootings: readonly PlannerShooting[], techs: readonly Pick<ScheduledTech, 'id'>[]): PlannerShooting[] {
  const working = new Set(techs.map((t) => t.id));
  return shootings.filter((s) => s.tech_id === null || !working.has(s.tech_id));
}

/** Cancelled and abandoned shootings are not planned (the server ignores them too). */
const INACTIVE: ReadonlySet<number> = new Set([ShootingState.canceled, ShootingState.abandonned]);
export const isActive = (s: ShootingView) => !INACTIVE.has(s.state);

export const today = () => localDateOf(Date.now());
export const shiftDay = addDays;

export const addressOf = (s: ShootingView) => [s.listing.address, s.listing.app && `#${s.listing.app}`, s.listing.city].filter(Boolean).join(', ');
