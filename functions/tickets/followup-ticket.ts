import { followupTicket } from '#shared/catalogue/tickets.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { addFollowup, visibleTicket } from '../storage/tickets.ts';

/** Adds a follow-up to one of the caller's open tickets (admin levels: any); 409 once resolved. */
export const handler = apiHandler(followupTicket, async ({ id, message }, { user }) => {
  const { ticket } = await visibleTicket(user, id);
  const followup = await addFollowup(ticket, message, { id: user.id, firstname: user.firstname, lastname: user.lastname });
  return { followup: { id: followup.id, message: followup.message, created_at: followup.created_at, creator: followup.creator } };
});
