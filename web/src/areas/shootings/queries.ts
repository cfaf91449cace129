import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  cancelShooting,
  createShooting,
  getAllShootings,
  getShooting,
  searchBrokers,
  updateShootingTime,
  validateShootingAvailability,
  type ShootingView,
} from '#shared/catalogue/shootings.ts';
import { ShootingState } from '#shared/enums.ts';
import type { InputOf } from '#shared/catalogue/operation.ts';
import { callOperation } from '../../api/client.ts';

/**
 * Query options of the shootings area. Booking, change-time and cancel write their answer into the
 * cached list and detail at once (so the list never shows the old value), then invalidate `all()`.
 */
export const shootingQueries = {
  all: () => ['shootings'] as const,
  list: () =>
    queryOptions({
      queryKey: [...shootingQueries.all(), 'list'] as const,
      queryFn: ({ signal }) => callOperation(getAllShootings, {}, { signal }),
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: [...shootingQueries.all(), 'detail', id] as const,
      queryFn: ({ signal }) => callOperation(getShooting, { shooting_id: id }, { signal }),
    }),
  /** The time-slot list of a property for the 7 days from `date` (never cached long: it changes with every booking). */
  slots: (input: InputOf<typeof validateShootingAvailability>) =>
    queryOptions({
      queryKey: [...shootingQueries.all(), 'slots', input] as const,
      queryFn: ({ signal }) => callOperation(validateShootingAvailability, input, { signal }),
      staleTime: 0,
    }),
};

/** Admin levels pick the broker they book for (docs/decisions/0117). */
export const brokerQueries = {
  search: (text: string) =>
    queryOptions({
      queryKey: ['brokers', 'search', text] as const,
      queryFn: ({ signal }) => callOperation(searchBrokers, { text }, { signal }),
      enabled: text.trim().length >= 2,
      staleTime: 60_000,
    }),
};

/** Puts a shooting as the server answered it into the cached list and detail. */
function putShooting(queryClient: QueryClient, shooting: ShootingView): void {
  queryClient.setQueryData(shootingQueries.list().queryKey, (old) => {
    if (!old) return old;
    const known = old.data.some((s) => s.id === shooting.id);
    return { ...old, data: known ? old.data.map((s) => (s.id === shooting.id ? shooting : s)) : [...old.data, shooting] };
  });
  queryClient.setQueryData(shootingQueries.detail(shooting.id).queryKey, { data: shooting });
}

/** The shooting as cancelled, from the cached copy (the cancel answer carries no shooting). */
function markCancelled(queryClient: QueryClient, id: number, reason: string): void {
  const cancelled = (s: ShootingView): ShootingView => ({ ...s, state: ShootingState.canceled, cancellation_reason: reason || s.cancellation_reason });
  queryClient.setQueryData(shootingQueries.list().queryKey, (old) => old && { ...old, data: old.data.map((s) => (s.id === id ? cancelled(s) : s)) });
  queryClient.setQueryData(shootingQueries.detail(id).queryKey, (old) => old && { data: cancelled(old.data) });
}

const refresh = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: shootingQueries.all() });
const refreshSlots = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: [...shootingQueries.all(), 'slots'] });

/** What booking and change-time do with their answer: the shooting into the cache at once; on failure, fresh slots. */
function shootingAnswerHandlers(queryClient: QueryClient, onError?: () => void) {
  return {
    onSuccess: async (answer: { data: ShootingView }) => {
      putShooting(queryClient, answer.data);
      await refresh(queryClient);
    },
    onError: () => {
      onError?.();
      void refreshSlots(queryClient);
    },
  };
}

export function useBookShooting(options: { onError?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InputOf<typeof createShooting>) => callOperation(createShooting, input),
    ...shootingAnswerHandlers(queryClient, options.onError),
  });
}

export function useChangeShootingTime(shootingId: number, options: { onError?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: { date_in_ts: number; is_am: boolean }) => callOperation(updateShootingTime, { shooting_id: shootingId, scheduleddate: choice.date_in_ts, is_am: choice.is_am }),
    ...shootingAnswerHandlers(queryClient, options.onError),
  });
}

export function useCancelShooting(shootingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => callOperation(cancelShooting, { shooting_id: shootingId, cancellation_reason: reason }),
    onSuccess: (_answer, reason) => markCancelled(queryClient, shootingId, reason),
    onSettled: () => refresh(queryClient),
  });
}
