import { login } from '#shared/catalogue/session.ts';
import { apiHandler } from '../commons/api-handler.ts';
import { tooManyRequests, unauthorized } from '../commons/errors.ts';
import { lockedUntil, recordFailure } from '../commons/login-throttle.ts';
import { decoyHash, verifyPassword } from '../commons/passwords.ts';
import { createSession } from '../commons/sessions.ts';
import { findUserByEmail } from '../commons/users.ts';

/** One answer for an unknown e-mail, a wrong password and a suspended account. */
const REFUSED = 'Invalid e-mail or password.';

export const handler = apiHandler(login, async ({ email, password }, ctx) => {
  if (await lockedUntil(email)) {
    ctx.log('login refused: account throttled');
    throw tooManyRequests('Too many failed logins. Try again in 15 minutes.');
  }
  const user = await findUserByEmail(email);
  const valid = await verifyPassword(password, user?.password_hash || (await decoyHash()));
  if (!user || !valid || user.suspended) {
    await recordFailure(email);
    throw unauthorized(REFUSED);
  }
  const sessionUser = { id: user.id, firstname: user.firstname, lastname: user.lastname, email: user.email, role: user.role };
  const { token, session } = await createSession(sessionUser);
  ctx.log('login', { userId: user.id });
  return { token, expires_at: session.expires_at, user: sessionUser };
});
