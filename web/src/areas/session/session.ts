import type { QueryClient } from '@tanstack/react-query';
import type { SessionUser } from '#shared/catalogue/session.ts';
import { isApiError } from '../../api/client.ts';
import { sessionToken } from '../../api/session-token.ts';
import { endSession, sessionQueries } from './queries.ts';

/**
 * The session's life in the browser (part 1 section 4): the stored token is verified
 * with the server (cached for SESSION_RECHECK_MS) and the user restored; a 401 ends it.
 */
export async function resolveSessionUser(queryClient: QueryClient): Promise<SessionUser | undefined> {
  const token = sessionToken.get();
  if (!token) return undefined;
  try {
    const me = await queryClient.fetchQuery(sessionQueries.me(token));
    return me.user;
  } catch (error) {
    if (isApiError(error, 401)) {
      endSession(queryClient);
      return undefined;
    }
    throw error;
  }
}

/** Only same-origin paths are followed after login (no open redirect). */
export function safeRedirect(target: string | undefined): string | undefined {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return undefined;
  if (target === '/login' || target.startsWith('/login?')) return undefined;
  return target;
}
