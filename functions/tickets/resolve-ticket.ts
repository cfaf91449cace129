import { resolveTicket } from '#shared/catalogue/tickets.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { setResolved, visibleTicket } from '../storage/tickets.ts';

/** Resolves one of the caller's tickets (admin levels: any); 409 when already resolved. */
export const handler = apiHandler(resolveTicket, async ({ id }, { user }) => {
  const { ticket } = await visibleTicket(user, id);
  await setResolved(ticket, true);
  return { status: 200 as const, resolved: true as const };
});
