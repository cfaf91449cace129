import { insertListing, type StoredListing } from '#functions/storage/listings.ts';
import { insertPicture } from '#functions/storage/pictures.ts';
import { mediaKeys } from '#functions/plumbing/media.ts';
import { putMediaObject } from '#functions/plumbing/media-objects.ts';
import { nextId } from '#functions/plumbing/ids.ts';
import { getUser } from '#functions/storage/users.ts';
import { Role } from '#shared/roles.ts';
import { demoAccount } from '../../scripts/local/demo-accounts.ts';
import { demoOriginal } from '../../scripts/local/demo-media/cache.ts';

/**
 * A listing of the demo broker's own (or of `brokerId`) with `pictures` demo JPEGs in the media
 * bucket, in slideshow order; the pictures at the `missing` indexes are recorded but their file is
 * never uploaded (a job that needs them fails).
 */
export async function listingWithPictures(pictures: number, options: { brokerId?: number; missing?: readonly number[] } = {}): Promise<StoredListing> {
  const broker = (await getUser(options.brokerId ?? demoAccount(Role.broker).id))!;
  const address = `${100 + (await nextId('video-test-listing'))} rue des Vidéos`;
  const listing = await insertListing({
    address,
    app: '',
    city: 'Montréal',
    postalcode: 'H2X 1Y4',
    room_count: 5,
    is_house: true,
    is_existing_listing: false,
    lat: 45.51,
    lng: -73.57,
    state: 1,
    picture_url: null,
    mls: null,
    broker_id: broker.id,
    broker: { firstname: broker.firstname, lastname: broker.lastname },
    distribution_token: null,
  });
  const shootingId = await nextId('shooting');
  for (let index = 0; index < pictures; index++) {
    const key = mediaKeys.original(listing.id, shootingId, index);
    if (!options.missing?.includes(index)) await putMediaObject(key, demoOriginal({ seed: listing.id * 7 + index, number: index + 1, address: `${address}, Montréal` }));
    await insertPicture({
      listing_id: listing.id,
      shooting_id: shootingId,
      picture_index: index,
      original_key: key,
      thumbnail_key: null,
      distrib_key: null,
      public: true,
      is_validated: true,
      feedback_ticket_id: null,
      created_at: new Date().toISOString(),
    });
  }
  return { ...listing, version: 1 };
}
