import { replyPictureComment } from '#shared/catalogue/review.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { notFound } from '../plumbing/errors.ts';
import { addFollowup, getTicketWithFollowups } from '../storage/tickets.ts';
import { pictureOfComment } from '../use-cases/review.ts';

/**
 * A reply to one of a picture's comments on the review screen: a follow-up of its ticket, whether a
 * review comment or the broker's delivery feedback on the picture. Any other ticket answers 404 (the
 * review staff reach tickets only through their pictures); a resolved one 409 (part 1 §4
 * 'Follow-ups only while open', ADR 0060).
 */
export const handler = apiHandler(replyPictureComment, async ({ ticket_id, text }, { user }) => {
  const found = await getTicketWithFollowups(ticket_id);
  if (!found || !(await pictureOfComment(found.ticket))) throw notFound('No comment on a picture has this id.');
  const { id, message, created_at, creator } = await addFollowup(found.ticket, text, { id: user.id, firstname: user.firstname, lastname: user.lastname });
  return { followup: { id, message, created_at, creator } };
});
