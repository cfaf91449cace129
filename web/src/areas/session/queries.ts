import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { login } from '#shared/catalogue/session.ts';
import type { InputOf, OutputOf } from '#shared/catalogue/operation.ts';
import { callOperation } from '../../api/client.ts';
import { sessionToken } from '../../api/session-token.ts';

/**
 * The session operations and their schemas load on the first call, so the login page's first load
 * holds no zod (ADR 0022); `preloadSessionOperations` starts that load at boot.
 */
const sessionOperations = () => import('#shared/catalogue/session.ts');
export const preloadSessionOperations = (): void => void sessionOperations();

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
      queryFn: async ({ signal }) => callOperation((await sessionOperations()).getUserFromToken, {}, { signal, token }),
      staleTime: SESSION_RECHECK_MS,
      refetchInterval: SESSION_POLL_MS,
      retry: false,
    }),
};

export function startSession(queryClient: QueryClient, answer: OutputOf<typeof login>): void {
  queryClient.clear();
  sessionToken.set(answer.token);
  queryClient.setQueryData(sessionQueries.me(answer.token).queryKey, { status: 200, user: answer.user, expires_at: answer.expires_at });
}

/** Forget the token and everything cached for this user. */
export function endSession(queryClient: QueryClient): void {
  sessionToken.clear();
  queryClient.clear();
}

/** Login: the answer becomes the session (cache cleared, token stored, user cached), then `onLoggedIn`. */
export function useLoginMutation(onLoggedIn: () => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...sessionQueries.all(), 'login'],
    mutationFn: async (input: InputOf<typeof login>) => callOperation((await sessionOperations()).login, input, { token: null }),
    onSuccess: async (answer) => {
      startSession(queryClient, answer);
      await onLoggedIn();
    },
  });
}

/** Logout: the session ends in the browser whatever the server answered, then `onLoggedOut`. */
export function useLogoutMutation(onLoggedOut: () => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...sessionQueries.all(), 'logout'],
    mutationFn: async () => callOperation((await sessionOperations()).logout, {}),
    onSettled: async () => {
      endSession(queryClient);
      await onLoggedOut();
    },
  });
}
