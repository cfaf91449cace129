import { createTicket } from '#shared/catalogue/tickets.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { insertTicket } from '../storage/tickets.ts';

/** Opens a ticket in the caller's name (every field required; empty subject and description allowed). */
export const handler = apiHandler(createTicket, async ({ problem_type, urgency, subject, description }, { user, log }) => {
  const ticket = await insertTicket({
    subject,
    description,
    problem_type,
    urgency: urgency as 1 | 2 | 3,
    creator: { id: user.id, firstname: user.firstname, lastname: user.lastname },
    data: null,
  });
  log('ticket created', { id: ticket.id });
  const { id, resolved, created_at, creator } = ticket;
  return { ticket: { id, subject, subject_template: null, urgency, problem_type, resolved, created_at, creator } };
});
