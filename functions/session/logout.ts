import { logout } from '#shared/catalogue/session.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { revokeSession } from '../plumbing/sessions.ts';

export const handler = apiHandler(logout, async (_input, { session }) => {
  await revokeSession(session.tokenHash);
  return { status: 200 as const };
});
