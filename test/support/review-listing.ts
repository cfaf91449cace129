import sharp from 'sharp';
import { mediaKeys } from '#functions/plumbing/media.ts';
import { putMediaObject } from '#functions/plumbing/media-objects.ts';
import { nextId } from '#functions/plumbing/ids.ts';
import { insertListing } from '#functions/storage/listings.ts';
import { insertPicture } from '#functions/storage/pictures.ts';
import { insertShooting } from '#functions/storage/shootings.ts';
import { addDays, localDateOf } from '#shared/rules/business-time.ts';
import { ShootingState } from '#shared/enums.ts';
import { Role } from '#shared/roles.ts';
import { demoAccount } from '../../scripts/local/demo-accounts.ts';

export interface ReviewListingOptions {
  /** The street of the address (after a number of its own): the listing's name on the screens. */
  street: string;
  pictures: number;
  /** Whether the picture at an index is still to review (is_validated null); the others are validated. */
  unseen: (index: number) => boolean;
  /** Original and thumbnail sizes; the same JPEG serves both without a thumbnail size. */
  original: { width: number; height: number };
  thumbnail?: { width: number; height: number };
  /** The listing's broker (the demo broker's by default). */
  broker?: { id: number; firstname: string; lastname: string };
  /** Whether the shooting names the demo capture and post-production technicians (default true). */
  technicians?: boolean;
  /** Indexes of the pictures the broker bought. */
  purchased?: readonly number[];
}

/**
 * A listing of the demo broker with an uploaded shooting waiting for post-production review (the
 * demo post-production technician's), written through storage, and real JPEGs (a colour of their
 * own each) in the S3 emulator: what the review screen's browser tests and benchmark open.
 */
export async function reviewListing({ street, pictures, unseen, original, thumbnail, broker = demoAccount(Role.broker), technicians = true, purchased = [] }: ReviewListingOptions) {
  const now = new Date().toISOString();
  const listing = await insertListing({
    address: `${await nextId('review-listing', 1)} ${street}`,
    city: 'Laval',
    postalcode: 'H7N 1A1',
    room_count: 6,
    is_house: true,
    lat: 45.56,
    lng: -73.71,
    state: 1,
    broker_id: broker.id,
    broker: { firstname: broker.firstname, lastname: broker.lastname },
  });
  const shooting = await insertShooting(
    {
      id: await nextId('shooting', 10_000),
      listing_id: listing.id,
      broker_id: broker.id,
      scheduleddate: addDays(localDateOf(Date.now()), -2),
      am: true,
      is_confirmed: true,
      state: ShootingState.uploaded,
      estimated_duration: 3600,
      room_count: 6,
      ...(technicians ? { tech_id: demoAccount(Role.tech_capture).id, pp_tech_id: demoAccount(Role.tech_postprod).id } : {}),
      created_at: now,
      updated_at: now,
    },
    { lat: null, lng: null, reserved_tech_id: null },
  );
  const jpeg = (size: { width: number; height: number }, index: number) =>
    sharp({ create: { ...size, channels: 3, background: { r: (index * 37) % 256, g: (index * 91) % 256, b: (index * 53) % 256 } } })
      .jpeg()
      .toBuffer();
  const thumbnails: string[] = [];
  let next = 0;
  // A few pictures at a time: encoding and the emulator's writes overlap.
  const worker = async () => {
    while (next < pictures) {
      const index = next++;
      const originalKey = mediaKeys.original(listing.id, shooting.id, index);
      const thumbnailKey = mediaKeys.thumbnail(listing.id, shooting.id, index);
      thumbnails[index] = thumbnailKey;
      const originalBytes = await jpeg(original, index);
      await putMediaObject(originalKey, originalBytes);
      await putMediaObject(thumbnailKey, thumbnail ? await jpeg(thumbnail, index) : originalBytes);
      await insertPicture({ listing_id: listing.id, shooting_id: shooting.id, picture_index: index, original_key: originalKey, thumbnail_key: thumbnailKey, is_validated: unseen(index) ? null : true, is_purchased: purchased.includes(index), created_at: now });
    }
  };
  await Promise.all(Array.from({ length: Math.min(8, pictures) }, worker));
  return { listing, shooting, thumbnails };
}
