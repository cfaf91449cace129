import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
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

/**
 * Books with one request id per booking's details, the same on every retry of those details until
 * one is answered (ADR 0585): a retry after an answer that never came back (a timeout, a dropped
 * connection) gets the shooting the first request made instead of a second one. Changed details are
 * a new request.
 */
export function useBookShooting(options: { onError?: () => void } = {}) {
  const queryClient = useQueryClient();
  const requestIds = useRef(new Map<string, string>());
  return useMutation({
    mutationFn: async (input: Omit<InputOf<typeof createShooting>, 'request_id'>) => {
      const details = JSON.stringify(input);
      const requestId = requestIds.current.get(details) ?? newRequestId();
      requestIds.current.set(details, requestId);
      const answer = await callOperation(createShooting, { ...input, request_id: requestId });
      requestIds.current.delete(details);
      return answer;
    },
    ...shootingAnswerHandlers(queryClient, options.onError),
  });
}

/** A random (version 4) UUID; `crypto.randomUUID` exists only on https and localhost, the random bytes everywhere. */
export function newRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
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
