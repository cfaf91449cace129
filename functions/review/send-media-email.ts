import { REVIEW_MESSAGES, sendMediaEmail } from '#shared/catalogue/review.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { badRequest, conflict } from '../plumbing/errors.ts';
import { notificationCopies, sendMail } from '../plumbing/mail/index.ts';
import { siteOrigin } from '../plumbing/site-origin.ts';
import { ensureDistributionToken, tokenStill } from '../storage/listings.ts';
import { cancellationCodes, transact } from '../plumbing/transact.ts';
import { picturesOfListing, reviewEntry, reviewEntryExpiry } from '../storage/pictures.ts';
import { sentToBroker } from '../storage/shootings.ts';
import { getUser } from '../storage/users.ts';
import { listingOrThrow, shootingsOfListing } from '../use-cases/review.ts';
import { lastShooting } from '../use-cases/review-tabs.ts';
import { mediaEmail } from '../use-cases/media-email.ts';

/**
 * The media e-mail (§4 send-to-broker flow, ADR 0213): the last shooting becomes public for the
 * broker and the listing moves to 'Public and Sent' (one transaction), then the delivery page link
 * goes to the listing's broker through the mail port. Saved first: a save refused (changed
 * meanwhile) sends nothing, so a retry never mails twice; a mail that fails answers an error with
 * the listing already sent, and 'send to broker' again mails it. The save also holds only while the
 * listing keeps the token the link carries (409 when another staff member replaced it meanwhile).
 */
export const handler = apiHandler(sendMediaEmail, async ({ listing_id }, { event, log }) => {
  const listing = await listingOrThrow(listing_id);
  const broker = await getUser(listing.broker_id);
  if (!broker?.email) throw badRequest(REVIEW_MESSAGES.noBrokerEmail, { listing_id: [REVIEW_MESSAGES.noBrokerEmail] });
  const last = lastShooting(await shootingsOfListing(listing_id));
  if (!last) throw badRequest(REVIEW_MESSAGES.noShooting, { listing_id: [REVIEW_MESSAGES.noShooting] });
  const token = await ensureDistributionToken(listing);
  const pictures = (await picturesOfListing(listing_id)).filter((p) => p.public && p.thumbnail_key);
  const origin = siteOrigin(event.headers ?? {});
  const entryKept = (await reviewEntry(listing_id)) !== undefined;
  try {
    // The link mailed must still open: a token replaced meanwhile (generateDeliveryToken) is refused like any change.
    await transact([sentToBroker(last), tokenStill(listing_id, token), ...(entryKept ? [reviewEntryExpiry(listing_id)] : [])]);
  } catch (error) {
    if (cancellationCodes(error)?.includes('ConditionalCheckFailed')) throw conflict(REVIEW_MESSAGES.changedMeanwhile);
    throw error;
  }
  const message = mediaEmail({ to: broker.email, brokerName: broker.firstname, address: `${listing.address}, ${listing.city}`, link: `${origin}/delivery/${token}`, pictureCount: pictures.length });
  const sent = await sendMail({ ...message, cc: notificationCopies(broker) });
  log('media e-mail sent', { listing_id, shooting_id: last.id, mail: sent.id });
  return { status: 200 as const, sent_to: broker.email };
});
