/** Session lifetime, part 1 section 9: 15 days. */
export const SESSION_LIFETIME_SECONDS = 1_296_000;

/** Failed-login throttle (issue 2): 5 failures within 15 minutes lock the account's logins for 15 minutes. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;
export const LOGIN_LOCK_SECONDS = 15 * 60;

/** Request logs are kept 90 days (TTL). */
export const REQUEST_LOG_RETENTION_DAYS = 90;
