import { isApiError } from '../../api/client.ts';

/** Part 1 section 8: which message a failed login shows (i18n key). */
export function loginErrorKey(error: unknown): string {
  if (isApiError(error, 429)) return 'login.too_many_attempts';
  // A 200 answer without a token does not parse: 'Server Error'.
  if (isApiError(error, 200) && error.code === 'invalid_response') return 'login.server_error';
  return 'login.error_while_login';
}

/** Why a guard sent the visitor to /login (i18n key), from the page they were going to. */
export function loginReasonKey(origin: string): string {
  return /^\/tickets\/\d+/.test(origin) ? 'login.reason_ticket' : 'login.reason_page';
}
