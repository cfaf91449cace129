import { changePassword } from '#shared/catalogue/session.ts';
import { PASSWORD_MESSAGES } from '#shared/rules/password.ts';
import { passwordRank } from '#shared/rules/session.ts';
import { isAdminLevel, mustGiveOldPassword } from '#shared/roles.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { badRequest, conflict, forbidden, notFound } from '../plumbing/errors.ts';
import { accountLocked, clientAddress, guardPasswordAttempt, settlePasswordAttempt } from '../plumbing/login-throttle.ts';
import { hashPassword, verifyPassword } from '../plumbing/passwords.ts';
import { revokeSessionsOfUser, sessionRestamp } from '../plumbing/sessions.ts';
import { transact } from '../plumbing/transact.ts';
import { getUser, passwordChange } from '../storage/users.ts';

/**
 * Users change their own password; admin levels (1, 2) may change anyone's of their rank or
 * below (an admin never the superadmin's: 403). The old password is asked of roles other than
 * 1 and 2 (409 when wrong); wrong old passwords count toward the account's login lock and the
 * client's limit (429 once locked, before any hashing). Every other session of the user ends in
 * the same write as the new password; the caller's own session survives a change of their own.
 */
export const handler = apiHandler(changePassword, async ({ userId, oldPassword, password }, { user: caller, session, log, event }) => {
  const own = caller.id === userId;
  if (!own && !isAdminLevel(caller.role)) throw forbidden();
  const user = await getUser(userId);
  if (!user) throw notFound('User not found.');
  if (!own && passwordRank(user.role) < passwordRank(caller.role)) throw forbidden('You cannot change the password of a user above your level.');
  if (mustGiveOldPassword(caller.role)) {
    if (!oldPassword) throw badRequest('Invalid input.', { oldPassword: [PASSWORD_MESSAGES.wrongOld] });
    const attempt = await guardPasswordAttempt(user.email, clientAddress(event), log);
    const valid = await verifyPassword(oldPassword, user.password_hash);
    const lockedUntil = await settlePasswordAttempt(attempt, user.email, valid);
    if (lockedUntil) throw accountLocked(lockedUntil);
    if (!valid) throw conflict(PASSWORD_MESSAGES.wrongOld);
  }
  // One write ends every other session (the stamp moves) and keeps the caller's own when it is theirs.
  await transact([passwordChange(user, await hashPassword(password)), ...(own ? [sessionRestamp(session.tokenHash, user.session_version + 1)] : [])]);
  // The dead sessions' items, cleaned up; a failure here leaves only sessions that no longer work.
  const revoked = await revokeSessionsOfUser(user.id, own ? session.tokenHash : undefined).catch((error: unknown) => {
    log('dead sessions not deleted', (error as Error).message);
    return 0;
  });
  log('password changed', { userId, revoked });
  return { status: 200 as const, message: PASSWORD_MESSAGES.changed };
});
