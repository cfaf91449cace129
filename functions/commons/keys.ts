/**
 * Every key of the single table is composed here and nowhere else.
 * docs/data-model.md lists which access pattern each key and index serves.
 */
export const keys = {
  user: (id: number) => ({ pk: `USER#${id}`, sk: 'PROFILE' }),
  /** Unique e-mail guard and login lookup: e-mail → user id. */
  userEmail: (email: string) => ({ pk: `EMAIL#${normalizeEmail(email)}`, sk: 'EMAIL' }),
  /** gsi1: users by role, ordered by last name. */
  userByRole: (role: number, lastname: string, id: number) => ({
    gsi1pk: `ROLE#${role}`,
    gsi1sk: `${lastname.toLowerCase()}#${id}`,
  }),
  /** Sessions are keyed by the SHA-256 of the token; the token itself is never stored. */
  session: (tokenHash: string) => ({ pk: `SESSION#${tokenHash}`, sk: 'SESSION' }),
  /** gsi1: sessions of a user (to revoke them all at password change). */
  sessionByUser: (userId: number, createdAt: string) => ({ gsi1pk: `USER#${userId}#SESSIONS`, gsi1sk: createdAt }),
  sessionsOfUser: (userId: number) => `USER#${userId}#SESSIONS`,
  /** One item per failed login, sorted by time (ms, zero-padded), for the sliding window. */
  loginFailure: (email: string, atMs: number, id: string) => ({
    pk: `LOGINFAIL#${normalizeEmail(email)}`,
    sk: `${String(atMs).padStart(15, '0')}#${id}`,
  }),
  loginLock: (email: string) => ({ pk: `LOGINLOCK#${normalizeEmail(email)}`, sk: 'LOCK' }),
  counter: (name: string) => ({ pk: `COUNTER#${name}`, sk: 'COUNTER' }),
  /** Request logs partitioned by UTC day, sorted by time; gsi1 by user. */
  requestLog: (date: Date, requestId: string) => ({
    pk: `REQLOG#${date.toISOString().slice(0, 10)}`,
    sk: `${date.toISOString()}#${requestId}`,
  }),
  requestLogByUser: (userId: number, date: Date) => ({ gsi1pk: `REQLOGUSER#${userId}`, gsi1sk: date.toISOString() }),
} as const;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
