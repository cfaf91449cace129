import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { assignProdShooting, dispatchShooting, getRouteFigures, recalculateShootingDistances, unassignShootingTech } from '#shared/catalogue/planner.ts';
import { getAllShootings, type ShootingView } from '#shared/catalogue/shootings.ts';
import { addDays, localDateOf } from '#shared/rules/business-time.ts';
import { ShootingState } from '#shared/enums.ts';
import type { OutputOf } from '#shared/catalogue/operation.ts';
import { callOperation } from '../../api/client.ts';

/**
 * Query options of the planner (part 2 'Shooting planner'): the day's shootings and the route
 * figures per technician. Dispatch, assignment, unassignment and 'Actualiser' invalidate `day(date)`.
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
  figures: (date: string) =>
    queryOptions({
      queryKey: [...plannerQueries.day(date), 'figures'] as const,
      queryFn: ({ signal }) => callOperation(getRouteFigures, { date }, { signal }),
    }),
};

/** What a page does with a mutation's answer (feedback); the hooks below own the cache. */
interface Reactions<Answer> {
  onSuccess?: (answer: Answer) => void;
  onError?: () => void;
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

/** Cancelled and abandoned shootings are not planned (the server ignores them too). */
const INACTIVE: ReadonlySet<number> = new Set([ShootingState.canceled, ShootingState.abandonned]);
export const isActive = (s: ShootingView) => !INACTIVE.has(s.state);

/**
 * The day's shootings not on any technician's route. The shooting view carries no technician,
 * so the route figures (every assigned shooting of the day, per technician) tell which are taken.
 */
export function unassignedOf(shootings: readonly ShootingView[], routes: ReadonlyArray<{ route: readonly number[] }>): ShootingView[] {
  const taken = new Set(routes.flatMap((t) => t.route));
  return shootings.filter((s) => !taken.has(s.id));
}

export const today = () => localDateOf(Date.now());
export const shiftDay = addDays;

export const addressOf = (s: ShootingView) => [s.listing.address, s.listing.app && `#${s.listing.app}`, s.listing.city].filter(Boolean).join(', ');
