import { postPictureComment } from '#shared/catalogue/review.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { commentOnPicture, listingOrThrow, picturesNamed } from '../use-cases/review.ts';

/** A comment on a picture is a ticket naming it (§7 'post comment'); ticket and picture are written together. */
export const handler = apiHandler(postPictureComment, async ({ listing_id, picture_id, text }, { user }) => {
  const listing = await listingOrThrow(listing_id);
  const [picture] = await picturesNamed(listing_id, [picture_id], 'picture_id');
  const creator = { id: user.id, firstname: user.firstname, lastname: user.lastname };
  const ticket = await commentOnPicture(listing, picture!, text, creator);
  return { comment: { id: ticket.id, description: ticket.description, created_at: ticket.created_at, creator, followups: [] } };
});
