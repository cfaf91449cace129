import { nextId } from '#functions/plumbing/ids.ts';
import { insertUser } from '#functions/storage/users.ts';
import { Role } from '#shared/roles.ts';
import { reviewListing } from './review-listing.ts';

/**
 * A broker of the calling test with a subscription (null: per card; ADR 0276) and a listing of
 * theirs with an uploaded shooting and `pictures` real JPEGs (original and thumbnail) in the S3
 * emulator, written through storage: what the floorplan and picture-type tests open.
 */
export async function subscribedListing({ subscription, pictures, purchased = [] }: { subscription: number | null; pictures: number; purchased?: readonly number[] }) {
  const now = new Date().toISOString();
  const id = await nextId('user', 1000);
  const broker = await insertUser({ id, role: Role.broker, firstname: 'Abonné', lastname: `Courtier ${id}`, email: `subscribed-${id}@test.immo.test`, subscription_id: subscription, password_hash: 'x', created_at: now, updated_at: now });
  const review = await reviewListing({ street: 'rue des Mesures', pictures, unseen: () => true, original: { width: 300, height: 200 }, broker, technicians: false, purchased });
  return { broker, ...review };
}
