import { login } from '#shared/catalogue/session.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { unauthorized } from '../plumbing/errors.ts';
import { clientAddress, guardPasswordAttempt, settlePasswordAttempt } from '../plumbing/login-throttle.ts';
import { decoyHash, verifyPassword } from '../plumbing/passwords.ts';
import { createSession, sessionUserOf } from '../plumbing/sessions.ts';
import { findUserByEmail } from '../storage/users.ts';

/** One answer for an unknown e-mail, a wrong password and a suspended account. */
const REFUSED = 'Invalid e-mail or password.';

/**
 * The client's and the account's limits are checked before the password is hashed (429); a
 * failure counts toward both, a success gives the client's attempt back.
 */
export const handler = apiHandler(login, async ({ email, password }, ctx) => {
  const attempt = await guardPasswordAttempt(email, clientAddress(ctx.event), ctx.log);
  const user = await findUserByEmail(email);
  const valid = await verifyPassword(password, user?.password_hash || (await decoyHash()));
  const ok = Boolean(user && valid && !user.suspended);
  await settlePasswordAttempt(attempt, email, ok);
  if (!user || !ok) throw unauthorized(REFUSED);
  const sessionUser = sessionUserOf(user);
  const { token, session } = await createSession(sessionUser, user.session_version);
  ctx.log('login', { userId: user.id });
  return { token, expires_at: session.expires_at, user: sessionUser };
});
