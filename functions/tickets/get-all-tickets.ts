import { getAllTickets } from '#shared/catalogue/tickets.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { ticketsFor } from '../storage/tickets.ts';

/** The caller's own tickets, newest first; admin levels (1, 2) see every ticket. */
export const handler = apiHandler(getAllTickets, async (_input, { user }) => {
  const tickets = await ticketsFor(user);
  return {
    data: tickets.map(({ id, subject, subject_template, urgency, problem_type, resolved, created_at, creator }) => ({ id, subject, subject_template, urgency, problem_type, resolved, created_at, creator })),
  };
});
