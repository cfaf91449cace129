import { postPictureComment } from '#shared/catalogue/review.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { transact } from '../plumbing/transact.ts';
import { addCommentTicket } from '../storage/pictures.ts';
import { newTicketPut } from '../storage/tickets.ts';
import { listingOrThrow, picturesNamed } from '../use-cases/review.ts';

/** A comment on a picture is a ticket naming it (§7 'post comment'); ticket and picture are written together. */
export const handler = apiHandler(postPictureComment, async ({ listing_id, picture_id, text }, { user }) => {
  const listing = await listingOrThrow(listing_id);
  const [picture] = await picturesNamed(listing_id, [picture_id], 'picture_id');
  const creator = { id: user.id, firstname: user.firstname, lastname: user.lastname };
  const { ticket, put } = await newTicketPut({
    subject: `Photo ${picture!.picture_index + 1} — ${listing.address}`,
    description: text,
    urgency: 1,
    problem_type: 'software',
    creator,
    data: JSON.stringify({ listing_id, shooting_id: picture!.shooting_id, picture_index: picture!.picture_index, picture_id }),
  });
  await transact([put, addCommentTicket(picture!, ticket.id)]);
  return { comment: { id: ticket.id, description: ticket.description, created_at: ticket.created_at, creator, followups: [] } };
});
