import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { notificationCopies, sendMail, type MailMessage } from '../plumbing/mail/index.ts';
import { siteOrigin } from '../plumbing/site-origin.ts';
import { listingFieldsById } from '../storage/listings.ts';
import { listServiceOffers } from '../storage/service-offers.ts';
import type { StoredShooting } from '../storage/shootings.ts';
import { getUser } from '../storage/users.ts';
import type { UserRecord } from '#shared/entities/user.ts';
import { bookingEmail, confirmationEmail, type BookingEmail } from './shooting-emails.ts';
import { unitLabel } from '#shared/rules/unit-label.ts';

/** What a mail about a shooting needs from the request that sent it: where links point, and its log. */
export interface MailContext {
  event: Pick<APIGatewayProxyEventV2, 'headers'>;
  log: (...parts: unknown[]) => void;
}

/** The line a listing is named by in a mail: address, unit, city, on one line whatever they hold. */
export const mailAddress = (l: { address: string; app: string; city: string }) => `${[l.address, unitLabel(l.app)].filter(Boolean).join(' ')}, ${l.city}`.replace(/\s+/g, ' ');

/**
 * Sends a shooting's broker one message, copied to their notification e-mails. The change it reports
 * is saved by then, so a mail that cannot be sent is logged (the request's log and the function's),
 * never answered as a failure the user would repeat (docs/decisions/0705).
 */
async function mailBroker(what: string, readBroker: () => Promise<UserRecord | undefined>, shootingId: number, ctx: MailContext, build: (broker: UserRecord, link: string) => MailMessage | Promise<MailMessage>): Promise<void> {
  try {
    const broker = await readBroker();
    if (!broker?.email) return ctx.log(`${what} e-mail not sent: the broker has no e-mail address`, { shooting: shootingId });
    const message = await build(broker, `${siteOrigin(ctx.event.headers ?? {})}/shooting`);
    const sent = await sendMail({ ...message, cc: notificationCopies(broker) });
    ctx.log(`${what} e-mail sent`, { shooting: shootingId, mail: sent.id });
  } catch (error) {
    ctx.log(`${what} e-mail not sent`, { shooting: shootingId, error: (error as Error).message });
    console.error(`${what} e-mail of shooting ${shootingId} not sent`, error);
  }
}

/** The booking e-mail (part 1 §2.5) of a shooting just booked, with its services' names from the catalogue. */
export function mailBooking(brokerId: number, booked: Omit<BookingEmail, 'to' | 'brokerName' | 'services' | 'link'> & { serviceIds: readonly number[] }, ctx: MailContext): Promise<void> {
  const { serviceIds, ...fields } = booked;
  return mailBroker('booking', () => getUser(brokerId), booked.shootingId, ctx, async (broker, link) => {
    const names = new Map((await listServiceOffers()).map((offer) => [offer.id, { fr: offer.display_name_fr, en: offer.display_name }]));
    const services = serviceIds.flatMap((id) => names.get(id) ?? []);
    return bookingEmail({ to: broker.email, brokerName: broker.firstname, ...fields, services, link });
  });
}

/** The confirmation e-mail of each shooting a locked day confirmed, with its planned arrival (ADR 0705). */
export async function mailConfirmations(confirmed: ReadonlyArray<{ shooting: StoredShooting; startS: number }>, ctx: MailContext): Promise<void> {
  if (confirmed.length === 0) return;
  const listings = await listingFieldsById(
    confirmed.map(({ shooting }) => shooting.listing_id),
    ['address', 'app', 'city'],
  ).catch((error: unknown) => {
    ctx.log('confirmation e-mails not sent: the listings could not be read', (error as Error).message);
    return undefined;
  });
  if (!listings) return;
  // Each broker read once, however many of their shootings the day confirmed.
  const brokers = new Map<number, Promise<UserRecord | undefined>>();
  const brokerOf = (id: number) => () => {
    if (!brokers.has(id)) brokers.set(id, getUser(id));
    return brokers.get(id)!;
  };
  // At once: a technician's day holds a handful of shootings, and mailBroker never throws.
  await Promise.all(
    confirmed.map(({ shooting, startS }) => {
      const listing = listings.get(shooting.listing_id);
      return mailBroker('confirmation', brokerOf(shooting.broker_id), shooting.id, ctx, (broker, link) =>
        confirmationEmail({ to: broker.email, brokerName: broker.firstname, shootingId: shooting.id, address: listing ? mailAddress(listing) : `#${shooting.listing_id}`, date: shooting.scheduleddate, startS, link }),
      );
    }),
  );
}
