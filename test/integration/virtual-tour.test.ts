import { beforeAll, describe, expect, it } from 'vitest';
import { getVirtualTour, LISTING_MESSAGES, TOUR_LIMIT } from '#shared/catalogue/listings.ts';
import { publishListing, savePictureOrder, updatePicturesVideoSelection, updatePicturesVisibility } from '#shared/catalogue/review.ts';
import { ShootingState } from '#shared/enums.ts';
import { Role } from '#shared/roles.ts';
import { nextId } from '#functions/plumbing/ids.ts';
import { mediaKeys } from '#functions/plumbing/media.ts';
import { putMediaObject } from '#functions/plumbing/media-objects.ts';
import { insertListing } from '#functions/storage/listings.ts';
import { insertPicture, picturesOfListing } from '#functions/storage/pictures.ts';
import { insertShooting } from '#functions/storage/shootings.ts';
import { tokenFor } from '../support/api.ts';
import { bodyOf, callOp, errorOf } from '../support/operations.ts';

/** The public virtual-tour viewer's read (/visit/{listing_id}, docs/decisions/0255). */

let staff: string;
beforeAll(async () => {
  staff = (await tokenFor(Role.tech_postprod)).token;
});

/** A listing of this test (tour private) with `count` pictures; the last one has no thumbnail. */
async function tourListing(count = 5) {
  const now = new Date().toISOString();
  const listing = await insertListing({
    address: `${await nextId('tour-test', 1)} rue de la Visite`,
    app: '3',
    city: 'Québec',
    postalcode: 'G1R 1T3',
    room_count: 5,
    is_house: false,
    lat: 46.8,
    lng: -71.2,
    state: 2,
    broker_id: 900003,
    broker: { firstname: 'Julie', lastname: 'Tremblay' },
  });
  const shooting = await insertShooting(
    { id: await nextId('shooting', 10_000), listing_id: listing.id, broker_id: 900003, scheduleddate: '2026-01-15', am: true, is_confirmed: true, state: ShootingState.delivered, estimated_duration: 3600, room_count: 5, created_at: now, updated_at: now },
    { lat: null, lng: null, reserved_tech_id: null },
  );
  for (let index = 0; index < count; index++) {
    const original = mediaKeys.original(listing.id, shooting.id, index);
    const thumbnail = index === count - 1 ? null : mediaKeys.thumbnail(listing.id, shooting.id, index);
    await putMediaObject(original, Buffer.from(`picture ${index}`));
    if (thumbnail) await putMediaObject(thumbnail, Buffer.from(`thumbnail ${index}`));
    await insertPicture({ listing_id: listing.id, shooting_id: shooting.id, picture_index: index, original_key: original, thumbnail_key: thumbnail, created_at: now });
  }
  const ids = (await picturesOfListing(listing.id)).map((p) => p.id);
  return { listing, ids };
}

const tour = (listing_id: number, unbranded?: 'true' | 'false') => callOp(getVirtualTour, { listing_id, ...(unbranded ? { unbranded } : {}) });

describe('getVirtualTour', () => {
  it('answers 404 until the tour is published, then the public pictures with a thumbnail in the display order, with working URLs', async () => {
    const { listing, ids } = await tourListing(5);
    expect(errorOf(await tour(listing.id), 404).message).toBe(LISTING_MESSAGES.tourNotPublic);
    bodyOf(await callOp(publishListing, { listing_id: listing.id }, staff));

    const published = bodyOf(await tour(listing.id)).listing;
    expect(published).toMatchObject({ id: listing.id, address: listing.address, app: '3', city: 'Québec', postalcode: 'G1R 1T3', broker: { firstname: 'Julie', lastname: 'Tremblay' } });
    // The fifth picture has no thumbnail: not shown.
    expect(published.pictures.map((p) => p.id)).toEqual(ids.slice(0, 4));
    const [first] = published.pictures;
    expect(await (await fetch(first!.url)).text()).toBe('picture 0');
    expect(await (await fetch(first!.thumbnail_url)).text()).toBe('thumbnail 0');

    // The order set in review, private pictures left out.
    bodyOf(await callOp(savePictureOrder, { listing_id: listing.id, pictures: ids.map((id, i) => ({ id: id, picture_index: ids.length - 1 - i })) }, staff));
    bodyOf(await callOp(updatePicturesVisibility, { listing_id: listing.id, picture_ids: [ids[1]!], public: false }, staff));
    expect(bodyOf(await tour(listing.id)).listing.pictures.map((p) => p.id)).toEqual([ids[3], ids[2], ids[0]]);

    // Once staff chose slideshow pictures, only those, still in the display order.
    bodyOf(await callOp(updatePicturesVideoSelection, { listing_id: listing.id, picture_ids: [ids[0]!, ids[3]!], included_in_video: true }, staff));
    expect(bodyOf(await tour(listing.id)).listing.pictures.map((p) => p.id)).toEqual([ids[3], ids[0]]);
  });

  it('hides the broker when the unbranded tour is asked', async () => {
    const { listing } = await tourListing(2);
    bodyOf(await callOp(publishListing, { listing_id: listing.id }, staff));
    expect(bodyOf(await tour(listing.id, 'true')).listing.broker).toBeNull();
    expect(bodyOf(await tour(listing.id, 'false')).listing.broker).toEqual({ firstname: 'Julie', lastname: 'Tremblay' });
  });

  it('answers 400 with the field for junk ids and flags, 404 for an unknown listing', async () => {
    for (const junk of ['abc', '0', '-1', '1e3', '12.5', '9'.repeat(20)]) {
      expect(errorOf(await callOp(getVirtualTour, { listing_id: junk as unknown as number }), 400).fields?.listing_id, junk).toBeDefined();
    }
    expect(errorOf(await callOp(getVirtualTour, { listing_id: 1, unbranded: 'yes' as 'true' }), 400).fields?.unbranded).toBeDefined();
    expect(errorOf(await tour(99_999_999), 404).message).toBe(LISTING_MESSAGES.tourNotPublic);
  });

  // Last: it fills this address's window for the rest of the minute.
  it(`at most ${TOUR_LIMIT.limit} reads a minute per address, then 429`, async () => {
    let status = 0;
    for (let i = 0; i < TOUR_LIMIT.limit * 2 + 2 && status !== 429; i++) status = (await tour(99_999_999)).status;
    expect(status).toBe(429);
  });
});
