import { isAdminLevel } from '../roles.ts';

/** Session lifetime, part 1 section 9: 15 days. */
export const SESSION_LIFETIME_SECONDS = 1_296_000;

/** Failed-login throttle (issue 2): 5 failures within 15 minutes lock the account's logins for 15 minutes. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;
export const LOGIN_LOCK_SECONDS = 15 * 60;

/**
 * Failed password checks (login, changePassword's old password) per client address, in front of
 * the per-account lock (issue 8): 50 per fixed 15-minute window, then 429 before any hashing
 * until the window ends. Sized for an office of brokers behind one address
 * (docs/decisions/0090-login-and-feedback-limits.md).
 */
export const LOGIN_CLIENT_MAX_FAILURES = 50;
export const LOGIN_CLIENT_WINDOW_SECONDS = 15 * 60;

const OTHER_ROLES_RANK = 3;

/**
 * Rank of a role for password changes by someone else: superadmin (1) above admin (2) above every
 * other role. No one may change the password of a user of a higher rank (lower number).
 */
export function passwordRank(role: number): number {
  return isAdminLevel(role) ? role : OTHER_ROLES_RANK;
}

/** Request logs are kept 90 days (TTL). */
export const REQUEST_LOG_RETENTION_DAYS = 90;
