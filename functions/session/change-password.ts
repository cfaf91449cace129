import { changePassword } from '#shared/catalogue/session.ts';
import { PASSWORD_MESSAGES } from '#shared/rules/password.ts';
import { isAdminLevel, mustGiveOldPassword } from '#shared/roles.ts';
import { apiHandler } from '../commons/api-handler.ts';
import { badRequest, conflict, forbidden, notFound } from '../commons/errors.ts';
import { hashPassword, verifyPassword } from '../commons/passwords.ts';
import { revokeSessionsOfUser } from '../commons/sessions.ts';
import { getUser, setPasswordHash } from '../commons/users.ts';

/**
 * Users change their own password; admin levels (1, 2) may change anyone's. The old password
 * is asked of roles other than 1 and 2 (409 when wrong). Every other session of the user is
 * revoked; the caller's own session survives a change of their own password.
 */
export const handler = apiHandler(changePassword, async ({ userId, oldPassword, password }, { user: caller, session, log }) => {
  const own = caller.id === userId;
  if (!own && !isAdminLevel(caller.role)) throw forbidden();
  const user = await getUser(userId);
  if (!user) throw notFound('User not found.');
  if (mustGiveOldPassword(caller.role)) {
    if (!oldPassword) throw badRequest('Invalid input.', { oldPassword: [PASSWORD_MESSAGES.wrongOld] });
    if (!(await verifyPassword(oldPassword, user.password_hash))) throw conflict(PASSWORD_MESSAGES.wrongOld);
  }
  await setPasswordHash(user, await hashPassword(password));
  const revoked = await revokeSessionsOfUser(user.id, own ? session.tokenHash : undefined);
  log('password changed', { userId, revoked });
  return { status: 200 as const, message: PASSWORD_MESSAGES.changed };
});
