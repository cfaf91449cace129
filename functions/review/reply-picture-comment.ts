import { REVIEW_MESSAGES, replyPictureComment } from '#shared/catalogue/review.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { notFound } from '../plumbing/errors.ts';
import { addFollowup, getTicketWithFollowups } from '../storage/tickets.ts';

/** A reply to a picture's comment: a follow-up of its ticket (only tickets that name a picture). */
export const handler = apiHandler(replyPictureComment, async ({ ticket_id, text }, { user }) => {
  const found = await getTicketWithFollowups(ticket_id);
  const data = found?.ticket.data ? safeJson(found.ticket.data) : undefined;
  if (!found || typeof data?.picture_id !== 'number') throw notFound(REVIEW_MESSAGES.unknownPicture);
  const { id, message, created_at, creator } = await addFollowup(found.ticket, text, { id: user.id, firstname: user.firstname, lastname: user.lastname });
  return { followup: { id, message, created_at, creator } };
});

function safeJson(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
