import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { getUserFromToken, login, logout } from '#shared/catalogue/session.ts';
import type { InputOf } from '#shared/catalogue/operation.ts';
import { callOperation } from '../../api/client.ts';

/**
 * A stored token is re-checked with the server when this old: each navigation reads the
 * cached answer (no request while fresh), so an expired or revoked session is noticed on
 * the next navigation after this delay, on window focus, and every 5 minutes.
 */
export const SESSION_RECHECK_MS = 30_000;
export const SESSION_POLL_MS = 5 * 60_000;

export const sessionQueries = {
  all: () => ['session'] as const,
  me: (token: string) =>
    queryOptions({
      queryKey: [...sessionQueries.all(), 'me', token] as const,
      queryFn: ({ signal }) => callOperation(getUserFromToken, {}, { signal, token }),
      staleTime: SESSION_RECHECK_MS,
      refetchInterval: SESSION_POLL_MS,
      retry: false,
    }),
};

export const sessionMutations = {
  login: () =>
    mutationOptions({
      mutationKey: [...sessionQueries.all(), 'login'],
      mutationFn: (input: InputOf<typeof login>) => callOperation(login, input, { token: null }),
    }),
  logout: () =>
    mutationOptions({
      mutationKey: [...sessionQueries.all(), 'logout'],
      mutationFn: () => callOperation(logout, {}),
    }),
};
