import { reopenTicket } from '#shared/catalogue/tickets.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { setResolved, visibleTicket } from '../storage/tickets.ts';

/** Reopens one of the caller's resolved tickets (admin levels: any); 409 when already open. */
export const handler = apiHandler(reopenTicket, async ({ id }, { user }) => {
  const { ticket } = await visibleTicket(user, id);
  await setResolved(ticket, false);
  return { status: 200 as const, resolved: false as const };
});
