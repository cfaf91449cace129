import type { ListingDetail } from '#shared/catalogue/listings.ts';
import { listingStateName } from '#shared/enums.ts';
import { isOnMarket } from '#shared/rules/listing-market.ts';
import { getListingStateReadings } from '../storage/listing-state-readings.ts';
import { addressParts, type StoredListing } from '../storage/listings.ts';
import { shootingsOfListing } from '../storage/shootings.ts';
import { getUser, userNamesById } from '../storage/users.ts';

/**
 * The listing admin dialog's view of a listing (part 3 screen 1): its fields, the broker's name,
 * id and code, and its shootings (its own index, ADR 0685).
 */
export async function listingDetailOf(listing: StoredListing): Promise<ListingDetail> {
  const [broker, all, readings] = await Promise.all([getUser(listing.broker_id), shootingsOfListing(listing.id), getListingStateReadings()]);
  const shootings = all.filter((s) => s.listing_id === listing.id).sort((a, b) => b.scheduleddate.localeCompare(a.scheduleddate));
  const techs = await userNamesById(shootings.flatMap((s) => (s.tech_id ? [s.tech_id] : [])));
  return {
    id: listing.id,
    version: listing.version,
    state: listing.state,
    state_name: listingStateName(listing.state, readings.listings),
    address: listing.address,
    ...addressParts(listing),
    app: listing.app,
    city: listing.city,
    postalcode: listing.postalcode,
    mls: listing.mls,
    sold: listing.sold,
    date_sold: listing.date_sold,
    date_notarized: listing.date_notarized,
    expired: listing.expired,
    on_market: isOnMarket(listing),
    distribution_token: listing.distribution_token,
    shootingdate: listing.shootingdate,
    broker: {
      id: listing.broker_id,
      firstname: broker?.firstname ?? listing.broker.firstname,
      lastname: broker?.lastname ?? listing.broker.lastname,
      broker_code: broker?.broker_code ?? null,
    },
    shootings: shootings.map((s) => ({
      id: s.id,
      scheduleddate: s.scheduleddate,
      am: s.am,
      state: s.state,
      tech_id: s.tech_id ?? null,
      tech: s.tech_id ? (techs.get(s.tech_id) ?? { id: s.tech_id, firstname: '', lastname: '' }) : null,
    })),
  };
}
