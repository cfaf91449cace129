import { LOGIN_LOCK_SECONDS } from '#shared/rules/session.ts';
import { isApiError, retryAfterMinutes } from '../../api/client.ts';

/** Part 1 section 8: which message a failed login shows (i18n key and its values). */
export function loginError(error: unknown): { key: string; values?: { count: number } } {
  // A throttled login says how long the lock still runs (Retry-After), the full lock when not told.
  if (isApiError(error, 429)) return { key: 'login.too_many_attempts', values: { count: retryAfterMinutes(error, LOGIN_LOCK_SECONDS / 60) } };
  // A 200 answer without a token does not parse: 'Server Error'.
  if (isApiError(error, 200) && error.code === 'invalid_response') return { key: 'login.server_error' };
  return { key: 'login.error_while_login' };
}

/** Why a guard sent the visitor to /login (i18n key), from the page they were going to. */
export function loginReasonKey(origin: string): string {
  return /^\/tickets\/\d+/.test(origin) ? 'login.reason_ticket' : 'login.reason_page';
}
