import { getFloorplan } from '#shared/catalogue/review.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { mediaUrl } from '../plumbing/media.ts';
import { floorplanOfListing } from '../storage/floorplan-rooms.ts';
import { listingOrThrow } from '../use-cases/review.ts';

/** The listing's floorplan rooms (part 3 screen 5, §7 'floorplan'; ADR 0275): markers' pictures in their order, as URLs. */
export const handler = apiHandler(getFloorplan, async ({ listing_id }) => {
  await listingOrThrow(listing_id);
  const rooms = await floorplanOfListing(listing_id);
  return {
    floorplanRooms: await Promise.all(
      rooms.map(async ({ listing_id: _listing, markers, ...room }) => ({
        ...room,
        markers: await Promise.all(
          [...markers].sort((a, b) => a.order_index - b.order_index).map(async (m) => ({ order_index: m.order_index, lowres_media_url: await mediaUrl(m.lowres_key, { version: room.created_at }) })),
        ),
      })),
    ),
  };
});
