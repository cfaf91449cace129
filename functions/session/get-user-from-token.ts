import { getUserFromToken } from '#shared/catalogue/session.ts';
import { apiHandler } from '../plumbing/api-handler.ts';

export const handler = apiHandler(getUserFromToken, async (_input, { session }) => ({
  status: 200 as const,
  user: session.user,
  expires_at: session.expires_at,
}));
