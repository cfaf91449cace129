import { getListingsForMap } from '#shared/catalogue/listings.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { listingsWithToken } from '../storage/listings.ts';

/** The listing map (part 3 screen 2): only listings that have a delivery token. */
export const handler = apiHandler(getListingsForMap, async () => ({
  listings: (await listingsWithToken()).map((l) => ({
    id: l.id,
    address: l.app ? `${l.address}, ${l.app}` : l.address,
    city: l.city,
    lat: l.lat,
    lng: l.lng,
    broker: l.broker,
    distribution_token: l.distribution_token,
  })),
}));
