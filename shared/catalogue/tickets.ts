import * as z from '../zod.ts';
import { defineOperation } from './operation.ts';
import { TICKET_PROBLEM_TYPES } from '../enums.ts';
import { subjectTemplate } from '../entities/ticket.ts';
import { schema } from '#shared/schema.ts';

export { TICKET_LIST_NEWEST } from '../entities/ticket.ts';

/**
 * Tickets (part 1 §2.8, §3, §4, §7). Any logged-in user may use the ticket screens
 * (docs/decisions/0004); the handlers decide whose tickets a caller sees: their own, or every
 * ticket for admin levels 1 and 2 (docs/decisions/0060-tickets-ownership.md).
 */

/** Server-side limits (the spec shows no client validation; these only keep items bounded). */
export const TICKET_LIMITS = { subject: 200, description: 5000, followup: 5000 } as const;

const person = /* @__PURE__ */ schema(() => z.object({ id: z.number().int(), firstname: z.string(), lastname: z.string() }));
const id = /* @__PURE__ */ schema(() => z.coerce.number().int().positive());

export const ticketSummary = /* @__PURE__ */ schema(() => z.object({
  id: z.number().int(),
  subject: z.string(),
  /** Set on subjects the system wrote (feedback): the web renders them in the reader's language (docs/decisions/0115). */
  subject_template: subjectTemplate.nullable(),
  urgency: z.number().int().min(1).max(3),
  problem_type: z.enum(TICKET_PROBLEM_TYPES),
  resolved: z.boolean(),
  created_at: z.string(),
  creator: person,
}));
export type TicketSummary = z.infer<typeof ticketSummary>;

export const followup = /* @__PURE__ */ schema(() => z.object({ id: z.string(), message: z.string(), created_at: z.string(), creator: person }));

export const ticketDetail = /* @__PURE__ */ schema(() => ticketSummary.extend({
  description: z.string(),
  /** Optional JSON text {listing_id, shooting_id, picture_index} (feedback on a delivered picture). */
  data: z.string().nullable(),
  /**
   * The thumbnail of the picture named by `data`, as a short-lived media URL, when `data` parses as
   * JSON and names an existing picture with a thumbnail; otherwise null.
   */
  picture_thumbnail_url: z.string().nullable(),
  followups: z.array(followup),
}));
export type TicketDetail = z.infer<typeof ticketDetail>;

export const getAllTickets = /* @__PURE__ */ defineOperation(() => ({
  id: 'getAllTickets',
  area: 'tickets',
  method: 'GET',
  path: '/api/tickets',
  access: 'authenticated',
  summary:
    "The caller's tickets, newest first; admin levels (1, 2) get every ticket: the 2,000 newest, then every older open one. older_closed_hidden: older closed tickets exist and are not listed.",
  input: z.object({}),
  output: z.object({ data: z.array(ticketSummary), older_closed_hidden: z.boolean() }),
  resources: ['table'],
  writes: [],
}));

export const getTicketById = /* @__PURE__ */ defineOperation(() => ({
  id: 'getTicketById',
  area: 'tickets',
  method: 'GET',
  path: '/api/tickets/{id}',
  access: 'authenticated',
  summary: "One ticket with its follow-ups. Another user's ticket answers 404 (admin levels see all).",
  input: z.object({ id }),
  output: z.object({ data: ticketDetail }),
  resources: ['table', 'mediaBucket'],
  writes: [],
}));

export const createTicket = /* @__PURE__ */ defineOperation(() => ({
  id: 'createTicket',
  area: 'tickets',
  method: 'POST',
  path: '/api/tickets',
  access: 'authenticated',
  summary: 'Open a ticket. The form starts at problem type software, urgency 1; subject and description may be empty but are sent.',
  /** Every field is required (the form always sends them; part 1 §9), so an empty body writes nothing (ADR 0128). */
  input: z.object({
    problem_type: z.enum(TICKET_PROBLEM_TYPES),
    urgency: z.coerce.number().int().min(1).max(3),
    subject: z.string().max(TICKET_LIMITS.subject),
    description: z.string().max(TICKET_LIMITS.description),
  }),
  output: z.object({ ticket: ticketSummary }),
  resources: ['table'],
}));

export const followupTicket = /* @__PURE__ */ defineOperation(() => ({
  id: 'followupTicket',
  area: 'tickets',
  method: 'POST',
  path: '/api/tickets/{id}/followups',
  access: 'authenticated',
  summary: 'Add a follow-up to an open ticket (409 once resolved).',
  input: z.object({ id, message: z.string().trim().min(1).max(TICKET_LIMITS.followup) }),
  output: z.object({ followup }),
  resources: ['table'],
}));

export const resolveTicket = /* @__PURE__ */ defineOperation(() => ({
  id: 'resolveTicket',
  area: 'tickets',
  method: 'PUT',
  path: '/api/tickets/{id}/resolve',
  access: 'authenticated',
  summary: 'Mark an open ticket resolved (409 when already resolved).',
  input: z.object({ id }),
  output: z.object({ status: z.literal(200), resolved: z.literal(true) }),
  resources: ['table'],
}));

export const reopenTicket = /* @__PURE__ */ defineOperation(() => ({
  id: 'reopenTicket',
  area: 'tickets',
  method: 'PUT',
  path: '/api/tickets/{id}/reopen',
  access: 'authenticated',
  summary: 'Reopen a resolved ticket (409 when already open).',
  input: z.object({ id }),
  output: z.object({ status: z.literal(200), resolved: z.literal(false) }),
  resources: ['table'],
}));
