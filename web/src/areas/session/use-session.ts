import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { SessionUser } from '#shared/catalogue/session.ts';
import { sessionToken } from '../../api/session-token.ts';
import { sessionQueries } from './queries.ts';

export function useSessionToken(): string | null {
  return useSyncExternalStore(sessionToken.subscribe, sessionToken.get, () => null);
}

/**
 * The logged-in user. Subscribing keeps the session check alive: the query refetches
 * on window focus and periodically, and a 401 ends the session (see main.tsx).
 */
export function useSessionUser(): SessionUser | undefined {
  const token = useSessionToken();
  const { data } = useQuery({ ...sessionQueries.me(token ?? ''), enabled: token !== null });
  return token ? data?.user : undefined;
}
