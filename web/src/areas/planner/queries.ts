import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import {
  abandonShooting,
  assignProdShooting,
  attemptShootingFlagRemoval,
  dailyShootingActivity,
  dispatchShooting,
  getRouteFigures,
  NO_AVAILABILITY_ID,
  recalculateShootingDistances,
  techLocks,
  unassignShootingTech,
  updateLockStatus,
  type PlannerShooting,
  type ScheduledTech,
} from '#shared/catalogue/planner.ts';
import { sendShootingReminderToPhotographers } from '#shared/catalogue/calendar.ts';
import { billShooting, generateShootingInvoice, getAllShootings, type ShootingView } from '#shared/catalogue/shootings.ts';
import { addDays, isCalendarDate, localDateOf } from '#shared/rules/business-time.ts';
import { ShootingState } from '#shared/enums.ts';
import type { OutputOf } from '#shared/catalogue/operation.ts';
import { callOperation } from '../../api/client.ts';
import { formatClock } from '../../i18n/format.ts';
import { unitLabel } from '#shared/rules/unit-label.ts';

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
      staleTime: DAY_FRESH_MS,
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
      staleTime: DAY_FRESH_MS,
    }),
};

/**
 * The day's board and figures read by the router just before the page mounts (prefetchPlannerDay)
 * are not read again by the page's mount; every write of the board still invalidates them at once.
 */
const DAY_FRESH_MS = 10_000;

/** The day the planner opens on: the one in route state (the calendar's 'manage shoots' link), else today. */
export function openingDay(state: unknown): string {
  const date = (state as { date?: unknown } | null | undefined)?.date;
  return typeof date === 'string' && isCalendarDate(date) ? date : today();
}

/**
 * Starts the day's two reads (board, route figures) unless fresh in the cache: the router calls it
 * as soon as the session says the user is a planner, beside the page's chunks instead of after them
 * (docs/decisions/0350).
 */
export function prefetchPlannerDay(queryClient: QueryClient, state: unknown): void {
  const date = openingDay(state);
  void queryClient.prefetchQuery(plannerQueries.board(date));
  void queryClient.prefetchQuery(plannerQueries.figures(date));
}

/** What a page does with a mutation's answer (feedback); the hooks below own the cache. */
interface Reactions<Answer> {
  onSuccess?: (answer: Answer) => void;
  onError?: (error: Error) => void;
}

/** A write of the board: its answer goes to the page's reactions, and the day is reloaded after it, also on failure. */
function useDayWrite<Vars, Answer>(date: string, mutationFn: (vars: Vars) => Promise<Answer>, reactions: Reactions<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: reactions.onSuccess,
    onError: reactions.onError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: plannerQueries.day(date) }),
  });
}

/** 'Actualiser': the answer is the day's fresh figures; the board and the shootings are re-read. */
export function useRecalculateMutation(date: string, reactions: Reactions<OutputOf<typeof recalculateShootingDistances>> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callOperation(recalculateShootingDistances, { date }),
    onSuccess: (figures) => {
      queryClient.setQueryData(plannerQueries.figures(date).queryKey, figures);
      for (const query of [plannerQueries.board(date), plannerQueries.shootings(date)]) void queryClient.invalidateQueries({ queryKey: query.queryKey });
      reactions.onSuccess?.(figures);
    },
    onError: reactions.onError,
  });
}

type Versioned = Pick<PlannerShooting, 'id' | 'version'>;

export const useDispatchMutation = (date: string, reactions: Reactions<OutputOf<typeof dispatchShooting>> = {}) =>
  useDayWrite(date, (shootingIds: number[]) => callOperation(dispatchShooting, { date, shooting_ids: shootingIds }), reactions);

export const useAssignMutation = (date: string, reactions: Reactions<OutputOf<typeof assignProdShooting>> = {}) =>
  useDayWrite(
    date,
    ({ shooting, techId, force }: { shooting: Versioned; techId: number; force: boolean }) =>
      callOperation(assignProdShooting, { shooting_id: shooting.id, tech_id: techId, force_assigned: force, version: shooting.version }),
    reactions,
  );

export const useUnassignMutation = (date: string, reactions: Reactions<OutputOf<typeof unassignShootingTech>> = {}) =>
  useDayWrite(date, (s: Versioned) => callOperation(unassignShootingTech, { shooting_id: s.id, version: s.version }), reactions);

/** Lock or unlock a technician's day (updateLockStatus). */
export const useLockMutation = (date: string, reactions: Reactions<OutputOf<typeof updateLockStatus>> = {}) =>
  useDayWrite(date, ({ techId, locked }: { techId: number; locked: boolean }) => callOperation(updateLockStatus, { tech_id: techId, locked, date }), reactions);

/** Try to remove a shooting's forced flag (attemptShootingFlagRemoval). */
export const useFlagRemovalMutation = (date: string, reactions: Reactions<OutputOf<typeof attemptShootingFlagRemoval>> = {}) =>
  useDayWrite(date, (s: Versioned) => callOperation(attemptShootingFlagRemoval, { shooting_id: s.id, version: s.version }), reactions);

export const useAbandonMutation = (date: string, reactions: Reactions<OutputOf<typeof abandonShooting>> = {}) =>
  useDayWrite(date, (s: Versioned) => callOperation(abandonShooting, { shooting_id: s.id, version: s.version }), reactions);

/** Billable or not (the shooting administration's billShooting). */
export const useBillableMutation = (date: string, reactions: Reactions<OutputOf<typeof billShooting>> = {}) =>
  useDayWrite(date, (s: Versioned & Pick<PlannerShooting, 'billable'>) => callOperation(billShooting, { shooting_id: s.id, version: s.version, billable: !s.billable }), reactions);

/** A shooting's invoice from the board (the technician card's menu): numbered on the first call, so the day is re-read. */
export const useInvoiceOpenMutation = (date: string, reactions: Reactions<OutputOf<typeof generateShootingInvoice>> = {}) =>
  useDayWrite(date, (shootingId: number) => callOperation(generateShootingInvoice, { shooting_id: shootingId }), reactions);

/** 'Envoyer les rappels': each photographer with shootings on the day sent is mailed them; the board does not change. */
export const useRemindMutation = (reactions: Reactions<OutputOf<typeof sendShootingReminderToPhotographers>> = {}) =>
  useMutation({ mutationFn: (date: string) => callOperation(sendShootingReminderToPhotographers, { date }), ...reactions });

/** A technician card's line for one of their unavailabilities, in the page's language. */
export function unavailabilityText(t: TFunction, u: ScheduledTech['unavailabilities'][number], language: string): string {
  if (u.id === NO_AVAILABILITY_ID) return t('planner.no_availability');
  return t('planner.unavailable', { start: formatClock(u.start, language), end: formatClock(u.end, language), summary: u.summary });
}

/**
 * The board's shootings not on a working technician's card: unassigned, or held by someone not
 * working that day (suspended, no longer a capture technician). The dispatch takes both kinds
 * (docs/decisions/0595).
 */
export function unassignedOnBoard(shootings: readonly PlannerShooting[], techs: readonly Pick<ScheduledTech, 'id'>[]): PlannerShooting[] {
  const working = new Set(techs.map((t) => t.id));
  return shootings.filter((s) => s.tech_id === null || !working.has(s.tech_id));
}

/** Cancelled and abandoned shootings are not planned (the server ignores them too). */
const INACTIVE: ReadonlySet<number> = new Set([ShootingState.canceled, ShootingState.abandonned]);
export const isActive = (s: ShootingView) => !INACTIVE.has(s.state);

export const today = () => localDateOf(Date.now());
export const shiftDay = addDays;

export const addressOf = (s: ShootingView) => [s.listing.address, unitLabel(s.listing.app), s.listing.city].filter(Boolean).join(', ');
