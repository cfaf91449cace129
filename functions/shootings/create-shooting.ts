import { BOOKING_MESSAGES, SHOOTING_MESSAGES, createShooting } from '#shared/catalogue/shootings.ts';
import type { OutputOf, ParsedInputOf } from '#shared/catalogue/operation.ts';
import type { SessionUser } from '#shared/catalogue/session.ts';
import { ShootingState } from '#shared/enums.ts';
import { PLUMBING_MESSAGES } from '#shared/messages/plumbing.ts';
import { Role } from '#shared/roles.ts';
import { halfDayStarted } from '#shared/rules/business-time.ts';
import { isBookableExtra } from '#shared/rules/booking-offers.ts';
import { estimateServiceTime } from '#shared/rules/service-time.ts';
import { apiHandler, type AuthenticatedContext } from '../plumbing/api-handler.ts';
import { HttpError, badRequest, conflict, forbidden, unprocessable } from '../plumbing/errors.ts';
import { bookingFingerprint, bookingRequestOf, bookingRequestPut } from '../storage/booking-requests.ts';
import { addressClaimKey, addressClaimOf, addressClaimPut, sameAddress, type ListingAddress } from '../storage/listing-addresses.ts';
import { getListing, listingsById, listingsOfBroker, newListingPut, type StoredListing } from '../storage/listings.ts';
import { createShootingPut, getShootingItem, newShootingId, shootingView, toShooting } from '../storage/shootings.ts';
import { listServiceOffers } from '../storage/service-offers.ts';
import { getUser } from '../storage/users.ts';
import { holdZones } from '../storage/zones.ts';
import { assertWithinHorizon } from '../use-cases/availability.ts';
import { OwnWritesRefused, writeIntoHalfDay } from '../use-cases/half-day-write.ts';
import { candidateOf, loadWorld, requiredOffers } from '../use-cases/planning-world.ts';
import { followListingShootingDate } from '../use-cases/booked-listing.ts';
import { mailAddress, mailBooking } from '../use-cases/shooting-mail.ts';

/**
 * Part 1 §3 booking request → the listing (created, or the broker's listing at the same address)
 * and the shooting, unconfirmed in its half-day, written with the half-day guards after the
 * availability is checked again (docs/decisions/0050). An administrator books for the broker named
 * by broker_id: the listing and the shooting are that broker's (docs/decisions/0117).
 */
export const handler = apiHandler(createShooting, async ({ request_id: requestId, ...input }, ctx) => {
  const request = requestId === undefined ? undefined : { userId: ctx.user.id, requestId, fingerprint: bookingFingerprint(input) };
  try {
    return await book(input, ctx, request).catch((error: unknown) => {
      // Another booking of this broker created the listing at this address meanwhile: book again on it.
      if (error instanceof AddressClaimLost) return book(input, ctx, request);
      throw error;
    });
  } catch (error) {
    // Refused: when this very request booked before (its answer lost, or its twin sent at once), its
    // record is there (it fails this attempt's transaction when nothing else did) and says which shooting.
    const earlier = request && error instanceof HttpError && (await earlierAnswer(request));
    if (earlier) return earlier;
    throw error;
  }
});

type Booking = Omit<ParsedInputOf<typeof createShooting>, 'request_id'>;
type Answer = OutputOf<typeof createShooting>;
interface NumberedRequest {
  userId: number;
  requestId: string;
  fingerprint: string;
}

/** What a request already answered: the shooting it made as it is now; 409 when the id came with other details. */
async function earlierAnswer(request: NumberedRequest): Promise<Answer | undefined> {
  const record = await bookingRequestOf(request.userId, request.requestId);
  if (!record) return undefined;
  if (record.fingerprint !== request.fingerprint) throw conflict(BOOKING_MESSAGES.requestReused, { reason: 'request_reused' });
  const [shooting, listings] = await Promise.all([getShootingItem(record.shooting_id), listingsById([record.listing_id])]);
  if (!shooting) return undefined;
  return { success: true as const, data: shootingView(shooting, listings.get(record.listing_id)) };
}

async function book(input: Booking, ctx: AuthenticatedContext, request: NumberedRequest | undefined): Promise<Answer> {
  const broker = await bookingBroker(ctx.user, input.broker_id);
  const date = input.scheduleddate;
  if (halfDayStarted(date, input.is_am)) throw unprocessable(SHOOTING_MESSAGES.pastSlot);
  assertWithinHorizon(date, 'scheduleddate');
  const only360 = input.only_360 && input.is_existing_listing;
  const extras = await bookableExtras(input.extra_service_offers, { only360, isExistingListing: input.is_existing_listing });
  const world = await loadWorld();
  const candidate = candidateOf(world, { lat: input.lat, lng: input.lng, roomCount: input.room_count, isHouse: input.is_house, only360 });
  if (!candidate.zoneIds.length) throw unprocessable(SHOOTING_MESSAGES.cityNotSupported, { key: 'bookshooting.city_not_supported' });

  const now = new Date();
  const { existing, claim } = await sameAddressListing(broker.id, input);
  const fresh = existing
    ? undefined
    : await newListingPut(
        {
          address: input.address,
          app: input.app,
          city: input.city,
          postalcode: input.postalcode,
          room_count: input.room_count,
          is_house: input.is_house,
          is_existing_listing: input.is_existing_listing,
          lat: input.lat,
          lng: input.lng,
          state: 0,
          picture_url: null,
          mls: null,
          broker_id: broker.id,
          broker: { firstname: broker.firstname, lastname: broker.lastname },
          distribution_token: null,
        },
        now,
      );
  const listingId = existing?.id ?? fresh!.listing.id;
  const id = await newShootingId();
  const record = {
    id,
    listing_id: listingId,
    broker_id: broker.id,
    scheduleddate: date,
    am: input.is_am,
    is_confirmed: false,
    state: ShootingState.unconfirmed,
    estimated_duration: estimateServiceTime({ roomCount: input.room_count, isHouse: input.is_house, only360 }).seconds,
    only_360: only360,
    note: input.note,
    room_count: input.room_count,
    service_offers: [...requiredOffers(only360), ...extras],
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
  const stored = { lat: input.lat, lng: input.lng };
  let item: Record<string, unknown> = {};
  const techId = await writeIntoHalfDay({
    world,
    date,
    am: input.is_am,
    candidate,
    shootingId: id,
    log: ctx.log,
    items: (reserved) => {
      const shooting = createShootingPut(record, { ...stored, reserved_tech_id: reserved });
      item = shooting.item;
      // The zones the shooting lies in are held: a zone deletion that checked the shootings before this booking fails (ADR 0167).
      const numbered = request ? [bookingRequestPut(request.userId, request.requestId, { shooting_id: id, listing_id: listingId, fingerprint: request.fingerprint }, now)] : [];
      const claimed = fresh && claim ? [addressClaimPut(broker.id, claim.key, listingId, claim.was)] : [];
      return [shooting.put, ...claimed, ...(fresh ? [fresh.put] : []), ...numbered, ...holdZones(candidate.zoneIds, String(id))];
    },
  }).catch((error: unknown) => {
    // The claim is the second of the booking's own writes.
    if (fresh && claim && error instanceof OwnWritesRefused && error.codes[1] === 'ConditionalCheckFailed') throw new AddressClaimLost();
    throw error;
  });
  await followListingShootingDate({ id, listing_id: listingId }, ctx.log, date);
  ctx.log('booked', { shooting: id, listing: listingId, linked: Boolean(existing), reserved_tech_id: techId, broker: broker.id, by: ctx.user.id });
  const listing = existing ?? fresh!.listing;
  await mailBooking(broker.id, { shootingId: id, address: mailAddress(listing), date, am: input.is_am, serviceIds: record.service_offers }, ctx);
  return { success: true as const, data: shootingView(toShooting(item), listing) };
}

/** Whose booking this is: a broker's own; an administrator's for the broker they name, who must be a broker. */
async function bookingBroker(caller: SessionUser, brokerId: number | undefined): Promise<Pick<SessionUser, 'id' | 'firstname' | 'lastname'>> {
  if (caller.role === Role.broker) {
    if (brokerId !== undefined) throw forbidden(BOOKING_MESSAGES.brokersOnly);
    return caller;
  }
  if (brokerId === undefined) throw badRequest(BOOKING_MESSAGES.brokerRequired, { broker_id: [BOOKING_MESSAGES.brokerRequired] });
  const user = await getUser(brokerId);
  if (!user || user.role !== Role.broker) throw badRequest(BOOKING_MESSAGES.notABroker, { broker_id: [BOOKING_MESSAGES.notABroker] });
  return user;
}

/** The extra services asked for, each an offer of the catalogue this booking may add (400 otherwise). */
async function bookableExtras(ids: readonly number[], booking: { only360: boolean; isExistingListing: boolean }): Promise<number[]> {
  if (ids.length === 0) return [];
  const offers = new Map((await listServiceOffers()).map((offer) => [offer.id, offer]));
  const wanted = [...new Set(ids)];
  if (wanted.some((id) => !offers.has(id) || !isBookableExtra(offers.get(id)!, booking))) throw badRequest(BOOKING_MESSAGES.notBookable, { extra_service_offers: [BOOKING_MESSAGES.notBookable] });
  return wanted;
}

/** The claim on an address (ADR 0650): its key, and the listing it named when it no longer has the address. */
interface AddressClaim {
  key: string;
  was: number | undefined;
}

/** The address's listing was created by another booking after this one looked for it (a 409 should it happen twice). */
class AddressClaimLost extends HttpError {
  constructor() {
    super('conflict', PLUMBING_MESSAGES.changedMeanwhile);
  }
}

/**
 * The broker's listing at the same address, apartment and postal code: the one the address's claim
 * names (created by a booking), else one among their 200 most recent. Without one, the claim to
 * write with the new listing.
 */
async function sameAddressListing(brokerId: number, input: ListingAddress): Promise<{ existing?: StoredListing; claim?: AddressClaim }> {
  const key = addressClaimKey(input);
  if (key === undefined) return {};
  const claimed = await addressClaimOf(brokerId, key);
  const named = claimed === undefined ? undefined : await getListing(claimed);
  if (named && named.broker_id === brokerId && sameAddress(named, input)) return { existing: named };
  const claim = { key, was: claimed };
  let start: Record<string, unknown> | undefined;
  for (let page = 0; page < 2; page++) {
    const { items, next } = await listingsOfBroker(brokerId, 100, start);
    const found = items.find((l) => sameAddress(l, input));
    if (found) return { existing: found };
    if (!next) break;
    start = next;
  }
  return { claim };
}
