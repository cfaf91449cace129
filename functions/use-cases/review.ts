import type { ReviewComment, ReviewPicture, ReviewQueueItem, ReviewShooting, ReviewTab } from '#shared/catalogue/review.ts';
import { lastShooting, tabsOf } from './review-tabs.ts';
import { REVIEW_MESSAGES } from '#shared/catalogue/review.ts';
import { PictureServiceOffer } from '#shared/enums.ts';
import { pictureTypeChoices, pictureTypeSet } from '#shared/entities/picture-type.ts';
import { badRequest, conflict, notFound } from '../plumbing/errors.ts';
import { mediaUrl } from '../plumbing/media.ts';
import { transact, type TransactItem } from '../plumbing/transact.ts';
import { getListing, listingFieldsById, type StoredListing } from '../storage/listings.ts';
import { addCommentTicket, applyReviewChanges, getPicture, type ReviewChange, picturesOfListing, reviewEntries, reviewEntry, shootingIdsOfPictures, type StoredPicture } from '../storage/pictures.ts';
import { listServiceOffers } from '../storage/service-offers.ts';
import { shootingsByIds, type StoredShooting } from '../storage/shootings.ts';
import { getTicketWithFollowups, newTicketPut, type StoredTicket } from '../storage/tickets.ts';
import { ticketPictureRef, type TicketRecord } from '#shared/entities/ticket.ts';
import { getUser } from '../storage/users.ts';
import { daysBetween, localDateOf } from '#shared/rules/business-time.ts';

/**
 * The review queue and screen (part 3 screens 4, 5; docs/decisions/0210, 0211): a listing's last
 * shooting decides its tab; the screen reads the listing, its shootings and its pictures.
 */

/** Whole days from the shooting's date to today in Quebec (the shooting's date is a Quebec day; the colours of §9 read them). */
export function elapsedDays(scheduleddate: string, now = new Date()): number {
  return Math.max(0, daysBetween(scheduleddate, localDateOf(now.getTime())));
}

export async function reviewQueue(now = new Date()): Promise<Record<ReviewTab, ReviewQueueItem[]>> {
  const entries = await reviewEntries();
  const [listings, shootings] = await Promise.all([listingFieldsById(entries.map((e) => e.listing_id), ['address', 'city', 'broker_id', 'broker']), shootingsByIds(entries.flatMap((e) => e.shooting_ids), false)]);
  const byId = new Map(shootings.map((s) => [s.id, s]));
  const tabs: Record<ReviewTab, ReviewQueueItem[]> = { under_review: [], retouch: [], public_sent: [], incomplete: [] };
  for (const entry of entries) {
    const listing = listings.get(entry.listing_id);
    const last = lastShooting(entry.shooting_ids.map((id) => byId.get(id)).filter((s): s is StoredShooting => !!s));
    if (!listing || !last) continue;
    const item: ReviewQueueItem = {
      listing_id: listing.id,
      address: listing.address,
      city: listing.city,
      broker: { id: listing.broker_id, firstname: listing.broker.firstname, lastname: listing.broker.lastname },
      shooting_id: last.id,
      scheduleddate: last.scheduleddate,
      shooting_state: last.state,
      elapsed_days: elapsedDays(last.scheduleddate, now),
    };
    for (const tab of tabsOf(last)) tabs[tab].push(item);
  }
  for (const list of Object.values(tabs)) list.sort((a, b) => b.elapsed_days - a.elapsed_days || a.listing_id - b.listing_id);
  return tabs;
}

export async function listingOrThrow(listingId: number): Promise<StoredListing> {
  const listing = await getListing(listingId);
  if (!listing) throw notFound(REVIEW_MESSAGES.noListing);
  return listing;
}

/**
 * The picture types the listing broker's subscription allows (§9; ADR 0276): its set and the
 * service-offer id of each type. What the 'type' menu offers and what assigning a type accepts.
 */
export async function brokerPictureTypes(listing: Pick<StoredListing, 'broker_id'>) {
  const subscription = (await getUser(listing.broker_id))?.subscription_id;
  return { set: pictureTypeSet(subscription), choices: pictureTypeChoices(subscription) };
}

const PICTURE_TYPE_OFFER_IDS: ReadonlySet<number> = new Set(Object.values(PictureServiceOffer).flatMap((set) => Object.values(set)));

/**
 * The catalogue names of the picture-type service offers of every set (a picture keeps the id a
 * broker's former subscription gave it; ADR 0276): the grid's type badges (ADR 0305). One Query.
 */
export async function pictureTypeNames(): Promise<Array<{ id: number; display_name: string; display_name_fr: string }>> {
  const offers = await listServiceOffers();
  return offers.filter((o) => PICTURE_TYPE_OFFER_IDS.has(o.id)).map((o) => ({ id: o.id, display_name: o.display_name, display_name_fr: o.display_name_fr }));
}

/**
 * The listing's shootings with pictures, oldest first, the last one last: those its review entry
 * names, or, once the entry has expired (sent long ago), those its pictures belong to.
 */
export async function shootingsOfListing(listingId: number): Promise<StoredShooting[]> {
  const entry = await reviewEntry(listingId);
  const shootings = await shootingsByIds(entry ? entry.shooting_ids : await shootingIdsOfPictures(listingId));
  return shootings.filter((s) => s.listing_id === listingId).sort((a, b) => a.scheduleddate.localeCompare(b.scheduleddate) || a.id - b.id);
}

const person = async (id: number | null) => {
  if (!id) return null;
  const user = await getUser(id);
  return user ? { id: user.id, firstname: user.firstname, lastname: user.lastname } : null;
};

export async function reviewShootings(shootings: readonly StoredShooting[]): Promise<ReviewShooting[]> {
  return Promise.all(
    shootings.map(async (s) => ({
      id: s.id,
      state: s.state,
      scheduleddate: s.scheduleddate,
      tech: await person(s.tech_id),
      pp_tech: await person(s.pp_tech_id),
      is_public_for_broker: s.is_public_for_broker,
      all_services_delivered: s.all_services_delivered,
    })),
  );
}

export async function commentOf(ticketId: number): Promise<ReviewComment | undefined> {
  const found = await getTicketWithFollowups(ticketId);
  if (!found) return undefined;
  const { ticket, followups } = found;
  return {
    id: ticket.id,
    description: ticket.description,
    created_at: ticket.created_at,
    creator: ticket.creator,
    followups: followups.map(({ id, message, created_at, creator }) => ({ id, message, created_at, creator })),
    resolved: ticket.resolved,
  };
}

/** A review comment on a picture (§7 'post comment'): a ticket naming the picture, and the picture naming it back, written together. */
export async function commentOnPicture(
  listing: Pick<StoredListing, 'id' | 'address'>,
  picture: Pick<StoredPicture, 'id' | 'listing_id' | 'shooting_id' | 'picture_index'>,
  text: string,
  creator: TicketRecord['creator'],
  now = new Date(),
): Promise<TicketRecord> {
  const { ticket, put } = await newTicketPut(
    {
      subject: `Photo ${picture.picture_index + 1} — ${listing.address}`,
      description: text,
      urgency: 1,
      problem_type: 'software',
      creator,
      data: JSON.stringify({ listing_id: listing.id, shooting_id: picture.shooting_id, picture_index: picture.picture_index, picture_id: picture.id }),
    },
    now,
  );
  await transact([put, addCommentTicket(picture, ticket.id)]);
  return ticket;
}

/**
 * The picture whose comments on the review screen include this ticket: a review comment
 * (`comment_ticket_ids`) or the broker's delivery feedback (`feedback_ticket_id`). Both kinds of
 * ticket name their picture in `data` ({listing_id, shooting_id, picture_index}, written by the
 * server only, ADR 0060); the picture must name the ticket back. Undefined for any other ticket.
 */
export async function pictureOfComment(ticket: Pick<StoredTicket, 'id' | 'data'>): Promise<StoredPicture | undefined> {
  const ref = ticketPictureRef(ticket.data);
  const picture = ref && (await getPicture(ref.listing_id, ref.shooting_id, ref.picture_index));
  return picture && (picture.feedback_ticket_id === ticket.id || picture.comment_ticket_ids.includes(ticket.id)) ? picture : undefined;
}

export async function reviewPicture(picture: StoredPicture, position: number): Promise<ReviewPicture> {
  const version = picture.updated_at;
  const [thumbnail_url, original_url, watermarked_url, comments] = await Promise.all([
    picture.thumbnail_key ? mediaUrl(picture.thumbnail_key, { version }) : null,
    mediaUrl(picture.original_key, { version }),
    picture.show_watermark && picture.watermarked_key ? mediaUrl(picture.watermarked_key, { version }) : null,
    // The broker's feedback from the delivery page is the picture's first comment (part 3 §3 Picture: feedback_ticket_id, tickets).
    Promise.all([...(picture.feedback_ticket_id ? [picture.feedback_ticket_id] : []), ...picture.comment_ticket_ids].map(commentOf)),
  ]);
  return {
    id: picture.id,
    shooting_id: picture.shooting_id,
    picture_index: picture.picture_index,
    order_index: position,
    thumbnail_url,
    original_url,
    watermarked_url,
    public: picture.public,
    is_purchased: picture.is_purchased,
    is_validated: picture.is_validated,
    included_in_video: picture.included_in_video,
    show_watermark: picture.show_watermark,
    service_offer_id: picture.service_offer_id,
    comments: comments.filter((c): c is ReviewComment => !!c),
  };
}

/** The listing's pictures named by `ids` (400 naming the field when one is not the listing's). */
export async function picturesNamed(listingId: number, ids: readonly number[], field = 'picture_ids'): Promise<StoredPicture[]> {
  return picturesNamedAmong(await picturesOfListing(listingId), ids, field);
}

/** `picturesNamed` among pictures already read. */
export function picturesNamedAmong(all: readonly StoredPicture[], ids: readonly number[], field = 'picture_ids'): StoredPicture[] {
  const byId = new Map(all.map((p) => [p.id, p]));
  const found = [...new Set(ids)].map((id) => byId.get(id));
  if (found.some((p) => !p)) throw badRequest(REVIEW_MESSAGES.unknownPicture, { [field]: [REVIEW_MESSAGES.unknownPicture] });
  return found as StoredPicture[];
}

/** Applies picture changes, all or none; a concurrent change of one of them answers 409. */
export async function applyOrConflict(changes: readonly ReviewChange[], alongside: readonly TransactItem[] = []): Promise<void> {
  try {
    await applyReviewChanges(changes, alongside);
  } catch (error) {
    if (['ConditionalCheckFailedException', 'TransactionCanceledException'].includes((error as Error).name)) throw conflict(REVIEW_MESSAGES.changedMeanwhile);
    throw error;
  }
}
