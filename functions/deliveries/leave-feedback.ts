import { leaveFeedback } from '#shared/catalogue/deliveries.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { conflict, notFound } from '../plumbing/errors.ts';
import { countFeedback } from '../plumbing/feedback-limit.ts';
import { transact } from '../plumbing/transact.ts';
import { findListingByToken } from '../storage/listings.ts';
import { deliverable, getPicture, picturesOfListing, setFeedbackTicket } from '../storage/pictures.ts';
import { feedbackSubject, newTicketPut } from '../storage/tickets.ts';

/**
 * Feedback on a delivered picture (public, through the token): a ticket in the listing broker's name
 * with data {listing_id, shooting_id, picture_index}, and the picture's feedback_ticket_id, written
 * together. A picture that already has a feedback ticket answers 409 (the page links to it instead).
 */
export const handler = apiHandler(leaveFeedback, async ({ token, shooting_id, picture_index, text }, { log }) => {
  await countFeedback(token);
  const listing = await findListingByToken(token);
  if (!listing) throw notFound('We cannot find this listing');
  const picture = await getPicture(listing.id, shooting_id, picture_index);
  if (!picture || !picture.thumbnail_key) throw notFound('Picture not found.');
  if (picture.feedback_ticket_id) throw conflict('This picture already has feedback.', { ticket_id: picture.feedback_ticket_id });
  // The picture's number is its place on the page, as the broker read it (each shooting numbers its own from 0).
  const place = deliverable(await picturesOfListing(listing.id)).findIndex((p) => p.shooting_id === shooting_id && p.picture_index === picture_index);

  const { ticket, put } = await newTicketPut({
    ...feedbackSubject(listing.address, (place < 0 ? picture_index : place) + 1),
    description: text,
    urgency: 1,
    problem_type: 'broker',
    creator: { id: listing.broker_id, firstname: listing.broker.firstname, lastname: listing.broker.lastname },
    data: JSON.stringify({ listing_id: listing.id, shooting_id, picture_index }),
  });
  await transact([put, setFeedbackTicket(picture, ticket.id)]);
  log('feedback ticket', { ticket: ticket.id, listing: listing.id, shooting_id, picture_index });
  return { data: { ticket_id: ticket.id } };
});
