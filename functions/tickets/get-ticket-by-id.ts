import { getTicketById } from '#shared/catalogue/tickets.ts';
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
  if (!data) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  const { listing_id, shooting_id, picture_index } = (parsed ?? {}) as Record<string, unknown>;
  if (![listing_id, shooting_id, picture_index].every((n) => Number.isInteger(n) && (n as number) >= 0)) return null;
  const picture = await getPicture(listing_id as number, shooting_id as number, picture_index as number);
  return picture?.thumbnail_key ? mediaUrl(picture.thumbnail_key, { version: picture.updated_at }) : null;
}
