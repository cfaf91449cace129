import { changePassword } from '#shared/catalogue/session.ts';
import { USER_MESSAGES } from '#shared/messages/users.ts';
import { PASSWORD_MESSAGES } from '#shared/rules/password.ts';
import { passwordRank } from '#shared/rules/session.ts';
import { isAdminLevel, mustGiveOldPassword } from '#shared/roles.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { conflict, forbidden, invalidInput, notFound } from '../plumbing/errors.ts';
import { accountLocked, clientAddress, guardPasswordAttempt, settlePasswordAttempt } from '../plumbing/login-throttle.ts';
import { hashPassword, verifyPassword } from '../plumbing/passwords.ts';
import { revokeSessionsOfUser, sessionRestamp } from '../plumbing/sessions.ts';
import { cancellationCodes, transact } from '../plumbing/transact.ts';
import { getUser, passwordChange, type StoredUser } from '../storage/users.ts';

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
    if (!oldPassword) throw invalidInput({ oldPassword: [PASSWORD_MESSAGES.wrongOld] });
    const attempt = await guardPasswordAttempt(user.email, clientAddress(event), log);
    const valid = await verifyPassword(oldPassword, user.password_hash);
    const lockedUntil = await settlePasswordAttempt(attempt, user.email, valid);
    if (lockedUntil) throw accountLocked(lockedUntil);
    if (!valid) throw conflict(PASSWORD_MESSAGES.wrongOld);
  }
  // One write ends every other session (the stamp moves) and keeps the caller's own when it is theirs.
  const hash = await hashPassword(password);
  await changeAt(user, hash, own ? session.tokenHash : undefined);
  // The dead sessions' items, cleaned up; a failure here leaves only sessions that no longer work.
  const revoked = await revokeSessionsOfUser(user.id, own ? session.tokenHash : undefined).catch((error: unknown) => {
    log('dead sessions not deleted', (error as Error).message);
    return 0;
  });
  log('password changed', { userId, revoked });
  return { status: 200 as const, message: PASSWORD_MESSAGES.changed };
});

/**
 * The password write at the version read. Another field of the user changed meanwhile (a form saved,
 * a stale read): written again on the user as now stored, a few times. Its password or sessions
 * changed meanwhile: 409, the old password checked may no longer be the one.
 */
async function changeAt(user: StoredUser, hash: string, ownTokenHash: string | undefined, tries = 3): Promise<void> {
  try {
    await transact([passwordChange(user, hash), ...(ownTokenHash ? [sessionRestamp(ownTokenHash, user.session_version + 1)] : [])]);
  } catch (error) {
    if (!cancellationCodes(error)?.includes('ConditionalCheckFailed') || tries <= 1) throw error;
    const now = await getUser(user.id, { consistent: true });
    if (!now) throw notFound('User not found.');
    if (now.password_hash !== user.password_hash || now.session_version !== user.session_version) throw conflict(USER_MESSAGES.changedMeanwhile);
    await changeAt(now, hash, ownTokenHash, tries - 1);
  }
}
