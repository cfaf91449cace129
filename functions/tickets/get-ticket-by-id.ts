import { getTicketById } from '#shared/catalogue/tickets.ts';
import { ticketPictureRef } from '#shared/entities/ticket.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { mediaUrl } from '../plumbing/media.ts';
import { getPicture } from '../storage/pictures.ts';
import { visibleTicket } from '../storage/tickets.ts';

/**
 * One ticket with its follow-ups; someone else's ticket answers 404 (admin levels see all).
 * When `data` parses as JSON naming {listing_id, shooting_id, picture_index}, the picture's thumbnail
 * is answered as a media URL built from those three values.
 */
export const handler = apiHandler(getTicketById, async ({ id }, { user }) => {
  const { ticket, followups } = await visibleTicket(user, id);
  return {
    data: {
      id: ticket.id,
      subject: ticket.subject,
      subject_template: ticket.subject_template,
      description: ticket.description,
      urgency: ticket.urgency,
      problem_type: ticket.problem_type,
      resolved: ticket.resolved,
      created_at: ticket.created_at,
      creator: ticket.creator,
      data: ticket.data,
      picture_thumbnail_url: await thumbnailOf(ticket.data),
      followups: followups.map(({ id: fid, message, created_at, creator }) => ({ id: fid, message, created_at, creator })),
    },
  };
});

async function thumbnailOf(data: string | null): Promise<string | null> {
  const ref = ticketPictureRef(data);
  const picture = ref && (await getPicture(ref.listing_id, ref.shooting_id, ref.picture_index));
  return picture?.thumbnail_key ? mediaUrl(picture.thumbnail_key, { version: picture.updated_at }) : null;
}
