import sharp from 'sharp';
import { mediaKeys, putMediaObject } from '#functions/plumbing/media.ts';
import { nextId } from '#functions/plumbing/ids.ts';
import { insertListing } from '#functions/storage/listings.ts';
import { insertPicture } from '#functions/storage/pictures.ts';
import { insertShooting } from '#functions/storage/shootings.ts';
import { insertUser } from '#functions/storage/users.ts';
import { ShootingState } from '#shared/enums.ts';
import { Role } from '#shared/roles.ts';

/**
 * A broker of the calling test with a subscription (null: per card; ADR 0276) and a listing of
 * theirs with an uploaded shooting and `pictures` real JPEGs (original and thumbnail) in the S3
 * emulator, written through storage: what the floorplan and picture-type tests open.
 */
export async function subscribedListing({ subscription, pictures, purchased = [] }: { subscription: number | null; pictures: number; purchased?: readonly number[] }) {
  const now = new Date().toISOString();
  const id = await nextId('user', 1000);
  const broker = await insertUser({ id, role: Role.broker, firstname: 'Abonné', lastname: `Courtier ${id}`, email: `subscribed-${id}@test.immo.test`, subscription_id: subscription, password_hash: 'x', created_at: now, updated_at: now });
  const listing = await insertListing({
    address: `${await nextId('subscribed-listing', 1)} rue des Mesures`,
    city: 'Lévis',
    postalcode: 'G6V 1A1',
    room_count: 6,
    is_house: true,
    lat: 46.8,
    lng: -71.18,
    state: 1,
    broker_id: broker.id,
    broker: { firstname: broker.firstname, lastname: broker.lastname },
  });
  const shooting = await insertShooting(
    { id: await nextId('shooting', 10_000), listing_id: listing.id, broker_id: broker.id, scheduleddate: now.slice(0, 10), am: true, is_confirmed: true, state: ShootingState.uploaded, estimated_duration: 3600, room_count: 6, created_at: now, updated_at: now },
    { lat: null, lng: null, reserved_tech_id: null },
  );
  const thumbnails: string[] = [];
  for (let index = 0; index < pictures; index++) {
    const bytes = await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: (50 * index) % 256, g: 140, b: 90 } } })
      .jpeg()
      .toBuffer();
    const original = mediaKeys.original(listing.id, shooting.id, index);
    const thumbnail = mediaKeys.thumbnail(listing.id, shooting.id, index);
    await putMediaObject(original, bytes);
    await putMediaObject(thumbnail, bytes);
    thumbnails.push(thumbnail);
    await insertPicture({ listing_id: listing.id, shooting_id: shooting.id, picture_index: index, original_key: original, thumbnail_key: thumbnail, is_purchased: purchased.includes(index), created_at: now });
  }
  return { broker, listing, shooting, thumbnails };
}
