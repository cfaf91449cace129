import { beforeAll, describe, expect, it } from 'vitest';
import { assignPicturesType, getFloorplan, getListingPictures, getPictureTypes, REVIEW_MESSAGES } from '#shared/catalogue/review.ts';
import { PictureServiceOffer, Subscription } from '#shared/enums.ts';
import { Role } from '#shared/roles.ts';
import { floorTypeInEnglish, hasMeasuresShown } from '#shared/entities/floorplan-room.ts';
import { mediaKeys } from '#functions/plumbing/media.ts';
import { putMediaObject } from '#functions/plumbing/media-objects.ts';
import { insertFloorplanRoom } from '#functions/storage/floorplan-rooms.ts';
import { tokenFor } from '../support/api.ts';
import { subscribedListing } from '../support/subscribed-listing.ts';
import { bodyOf, callOp, errorOf } from '../support/operations.ts';

/** Part 3 screen 5: the floorplan rooms and picture types by subscription (ADRs 0275, 0276). */

let staff: string;

beforeAll(async () => {
  staff = (await tokenFor(Role.tech_postprod)).token;
});

/** A listing of a broker with `subscription` and three pictures (picture 0 bought), as the review screen reads them. */
async function listingOf(subscription: number | null) {
  const { listing, shooting, thumbnails } = await subscribedListing({ subscription, pictures: 3, purchased: [0] });
  const { pictures } = bodyOf(await callOp(getListingPictures, { listing_id: listing.id }, staff));
  return { listing, shooting, thumbnails, pictures };
}

const typesOf = async (listingId: number) => bodyOf(await callOp(getListingPictures, { listing_id: listingId }, staff)).pictures.map((p) => p.service_offer_id);

describe('getFloorplan', () => {
  it('answers the rooms by floor with their markers in order as URLs; a listing without rooms has none', async () => {
    const { listing, shooting } = await listingOf(null);
    const now = new Date().toISOString();
    const marker = (n: number) => mediaKeys.thumbnail(listing.id, shooting.id, n);
    for (const n of [1, 2]) await putMediaObject(marker(n), Buffer.from(`marker ${n}`));
    await insertFloorplanRoom({ listing_id: listing.id, roomname: 'Cuisine', floor: 1, floorname: 'Étage', width: 12, width_inches: 6, height: 10, height_inches: 0, floor_type: 'Céramique', markers: [{ order_index: 2, lowres_key: marker(2) }, { order_index: 1, lowres_key: marker(1) }], created_at: now });
    await insertFloorplanRoom({ listing_id: listing.id, roomname: 'Salon', floor: 0, floorname: 'Rez-de-chaussée', width: 4.2, height: 3.8, irregular: true, floor_type: 'bois', created_at: now });
    await insertFloorplanRoom({ listing_id: listing.id, roomname: 'Cour arrière', floor: 0, floorname: 'Rez-de-chaussée', width: 20, height: 15, created_at: now });

    const { floorplanRooms } = bodyOf(await callOp(getFloorplan, { listing_id: listing.id }, staff));
    expect(floorplanRooms.map((r) => [r.floorname, r.roomname])).toEqual([
      ['Rez-de-chaussée', 'Salon'],
      ['Rez-de-chaussée', 'Cour arrière'],
      ['Étage', 'Cuisine'],
    ]);
    const kitchen = floorplanRooms.find((r) => r.roomname === 'Cuisine')!;
    expect(kitchen).toMatchObject({ width: 12, width_inches: 6, height: 10, height_inches: 0, irregular: false, floor_type: 'Céramique' });
    expect(kitchen.markers.map((m) => m.order_index)).toEqual([1, 2]);
    const bytes = await fetch(kitchen.markers[0]!.lowres_media_url).then((r) => r.text());
    expect(bytes).toBe('marker 1');
    expect(floorplanRooms.find((r) => r.roomname === 'Salon')).toMatchObject({ width_inches: null, irregular: true, markers: [] });
    // The measures table's rules (§9), shared by the screen.
    expect(floorplanRooms.filter(hasMeasuresShown).map((r) => r.roomname)).toEqual(['Salon', 'Cuisine']);
    expect([kitchen.floor_type, 'bois', 'Stratifié', 'inconnu'].map((f) => floorTypeInEnglish(f!))).toEqual(['ceramic', 'wood', 'laminate', 'inconnu']);

    const other = await listingOf(null);
    expect(bodyOf(await callOp(getFloorplan, { listing_id: other.listing.id }, staff)).floorplanRooms).toEqual([]);
    expect((await callOp(getFloorplan, { listing_id: 999_999_999 }, staff)).status).toBe(404);
  });

  it('is for the review staff only; junk ids answer 400', async () => {
    const { listing } = await listingOf(null);
    for (const role of [Role.broker, Role.client]) expect((await callOp(getFloorplan, { listing_id: listing.id }, (await tokenFor(role)).token)).status).toBe(403);
    expect((await callOp(getFloorplan, { listing_id: listing.id })).status).toBe(401);
    for (const role of [Role.superadmin, Role.admin, Role.tech_capture, Role.tech_postprod_lead]) expect((await callOp(getFloorplan, { listing_id: listing.id }, (await tokenFor(role)).token)).status).toBe(200);
    expect((await callOp(getFloorplan, { listing_id: 'abc' as unknown as number }, staff)).status).toBe(400);
  });
});

describe('assignPicturesType', () => {
  it("accepts only the types of the broker's subscription: platform, application, per card", async () => {
    const cases = [
      [Subscription.platform, PictureServiceOffer.platform, PictureServiceOffer.application.drone],
      [Subscription.application, PictureServiceOffer.application, PictureServiceOffer.platform.drone],
      [Subscription.base, PictureServiceOffer.map, PictureServiceOffer.platform.traditional],
      [null, PictureServiceOffer.map, PictureServiceOffer.application.blue_hour],
    ] as const;
    for (const [subscription, set, wrong] of cases) {
      const { listing, pictures } = await listingOf(subscription);
      // What the screen's 'type' menu offers for this broker.
      expect(bodyOf(await callOp(getPictureTypes, { listing_id: listing.id }, staff)).choices).toEqual(set);
      const ids = [pictures[1]!.id, pictures[2]!.id];
      bodyOf(await callOp(assignPicturesType, { listing_id: listing.id, picture_ids: ids, service_offer_id: set.drone }, staff));
      expect(await typesOf(listing.id)).toEqual([null, set.drone, set.drone]);
      bodyOf(await callOp(assignPicturesType, { listing_id: listing.id, picture_ids: [ids[0]!], service_offer_id: set.blue_hour }, staff));
      expect(await typesOf(listing.id)).toEqual([null, set.blue_hour, set.drone]);
      const refused = errorOf(await callOp(assignPicturesType, { listing_id: listing.id, picture_ids: ids, service_offer_id: wrong }, staff), 400);
      expect(refused.fields?.service_offer_id).toEqual([REVIEW_MESSAGES.typeNotForSubscription]);
      expect(await typesOf(listing.id)).toEqual([null, set.blue_hour, set.drone]);
    }
  });

  it('refuses a bought picture, another listing’s picture and junk, changing nothing', async () => {
    const { listing, pictures } = await listingOf(Subscription.platform);
    const type = PictureServiceOffer.platform.traditional;
    const bought = errorOf(await callOp(assignPicturesType, { listing_id: listing.id, picture_ids: [pictures[0]!.id, pictures[1]!.id], service_offer_id: type }, staff), 400);
    expect(bought.fields?.picture_ids).toEqual([REVIEW_MESSAGES.purchasedType]);
    const other = await listingOf(Subscription.platform);
    const foreign = errorOf(await callOp(assignPicturesType, { listing_id: listing.id, picture_ids: [other.pictures[1]!.id], service_offer_id: type }, staff), 400);
    expect(foreign.fields?.picture_ids).toEqual([REVIEW_MESSAGES.unknownPicture]);
    for (const junk of [{}, { listing_id: listing.id, picture_ids: [], service_offer_id: type }, { listing_id: listing.id, picture_ids: [pictures[1]!.id], service_offer_id: 'drone' }, { listing_id: listing.id, picture_ids: ['x'], service_offer_id: -1 }]) {
      expect((await callOp(assignPicturesType, junk as never, staff)).status).toBe(400);
    }
    expect(await typesOf(listing.id)).toEqual([null, null, null]);
  });

  it('is for the review staff only', async () => {
    const { listing, pictures } = await listingOf(Subscription.platform);
    const input = { listing_id: listing.id, picture_ids: [pictures[1]!.id], service_offer_id: PictureServiceOffer.platform.drone };
    for (const role of [Role.broker, Role.client]) {
      const token = (await tokenFor(role)).token;
      expect((await callOp(assignPicturesType, input, token)).status).toBe(403);
      expect((await callOp(getPictureTypes, { listing_id: listing.id }, token)).status).toBe(403);
    }
    expect((await callOp(assignPicturesType, input)).status).toBe(401);
    expect(await typesOf(listing.id)).toEqual([null, null, null]);
    expect((await callOp(assignPicturesType, input, (await tokenFor(Role.tech_capture)).token)).status).toBe(200);
    expect(await typesOf(listing.id)).toEqual([null, PictureServiceOffer.platform.drone, null]);
  });
});
