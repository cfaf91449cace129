import { queryOptions } from '@tanstack/react-query';
import { assignProdShooting, dispatchShooting, getRouteFigures, recalculateShootingDistances, unassignShootingTech } from '#shared/catalogue/planner.ts';
import { addDays, getAllShootings, localDateOf, type ShootingView } from '#shared/catalogue/shootings.ts';
import { ShootingState } from '#shared/enums.ts';
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

export const dispatch = (date: string, shootingIds: number[]) => callOperation(dispatchShooting, { date, shooting_ids: shootingIds });
export const assign = (shootingId: number, techId: number, force: boolean) =>
  callOperation(assignProdShooting, { shooting_id: shootingId, tech_id: techId, force_assigned: force });
export const unassign = (shootingId: number) => callOperation(unassignShootingTech, { shooting_id: shootingId });
export const recalculate = (date: string) => callOperation(recalculateShootingDistances, { date });

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

/** Seconds as '1 h 05' or '35 min'. */
export function formatDuration(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')}`;
}

export const addressOf = (s: ShootingView) => [s.listing.address, s.listing.app && `#${s.listing.app}`, s.listing.city].filter(Boolean).join(', ');
