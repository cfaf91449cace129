import { getAllTickets } from '#shared/catalogue/tickets.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { ticketListFor } from '../storage/tickets.ts';

/** The caller's own tickets, newest first; admin levels (1, 2) see every ticket (the newest 2,000, and every older open one). */
export const handler = apiHandler(getAllTickets, async (_input, { user }) => {
  const { tickets, olderClosedHidden } = await ticketListFor(user);
  return {
    older_closed_hidden: olderClosedHidden,
    data: tickets.map(({ id, subject, subject_template, urgency, problem_type, resolved, created_at, creator }) => ({ id, subject, subject_template, urgency, problem_type, resolved, created_at, creator })),
  };
});
