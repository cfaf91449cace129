import * as z from '../zod.ts';
import { TICKET_PROBLEM_TYPES } from '../enums.ts';
import { schema } from '#shared/schema.ts';

const person = /* @__PURE__ */ schema(() => z.object({ id: z.number().int(), firstname: z.string(), lastname: z.string() }));

/**
 * A subject the system writes (feedback on a picture), stored as a key and its parameters so that
 * each reader sees it in their own language (docs/decisions/0115); `subject` keeps the French text.
 */
export const subjectTemplate = /* @__PURE__ */ schema(() => z.object({ key: z.literal('feedback'), address: z.string(), picture: z.number().int().positive() }));
export type SubjectTemplate = z.infer<typeof subjectTemplate>;

/** A support ticket (part 1 §2.8, §3). `data` is optional JSON text (listing_id, shooting_id, picture_index). */
export const ticketRecord = /* @__PURE__ */ schema(() => z.object({
  id: z.number().int().positive(),
  subject: z.string(),
  subject_template: subjectTemplate.nullable().default(null),
  description: z.string(),
  urgency: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  problem_type: z.enum(TICKET_PROBLEM_TYPES),
  resolved: z.boolean(),
  created_at: z.string(),
  creator: person,
  data: z.string().nullable().default(null),
}));
export type TicketRecord = z.infer<typeof ticketRecord>;
/** What a new ticket is made of; a typed subject has no template. */
export type NewTicket = Omit<TicketRecord, 'id' | 'created_at' | 'resolved' | 'subject_template'> & { subject_template?: SubjectTemplate | null };

export const followupRecord = /* @__PURE__ */ schema(() => z.object({
  id: z.string(),
  ticket_id: z.number().int().positive(),
  message: z.string(),
  created_at: z.string(),
  creator: person,
}));
export type FollowupRecord = z.infer<typeof followupRecord>;

/** How many of the newest tickets the ticket list reads; older open tickets are listed too (functions/storage/tickets.ts ticketListFor). */
export const TICKET_LIST_NEWEST = 2000;

/** The picture a ticket is about (a review comment or a delivery feedback), as the server writes it in the ticket's `data`. */
export interface TicketPictureRef {
  listing_id: number;
  shooting_id: number;
  picture_index: number;
}

/** The picture named in a ticket's `data`, or undefined when `data` is absent, not JSON, or names none. */
export function ticketPictureRef(data: string | null): TicketPictureRef | undefined {
  if (!data) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return undefined;
  }
  const { listing_id, shooting_id, picture_index } = (parsed && typeof parsed === 'object' ? parsed : {}) as Record<string, unknown>;
  const ids = [listing_id, shooting_id, picture_index];
  return ids.every((n) => Number.isInteger(n) && (n as number) >= 0) ? { listing_id: listing_id as number, shooting_id: shooting_id as number, picture_index: picture_index as number } : undefined;
}
