import { getListingsForMap } from '#shared/catalogue/listings.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { tokenedListingPoints } from '../storage/listings.ts';

/** Six decimals of a degree are 11 cm: finer digits only lengthen the answer. */
const toMicroDegrees = (degrees: number) => Math.round(degrees * 1e6) / 1e6;

/** The listing map (part 3 screen 2): the points of the listings that have a delivery token. */
export const handler = apiHandler(getListingsForMap, async () => ({
  points: (await tokenedListingPoints()).map((l): [number, number, number] => [l.id, toMicroDegrees(l.lat), toMicroDegrees(l.lng)]),
}));
