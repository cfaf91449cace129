import { listingsOfBroker, type StoredListing } from '#functions/storage/listings.ts';
import { followListingShootingDate } from '#functions/use-cases/booked-listing.ts';
import { mediaKeys } from '#functions/plumbing/media.ts';
import { putMediaObject } from '#functions/plumbing/media-objects.ts';
import { insertPicture } from '#functions/storage/pictures.ts';
import { commentOnPicture } from '#functions/use-cases/review.ts';
import { insertShooting as insertShootingItem, isActive } from '#functions/storage/shootings.ts';
import { nextId } from '#functions/plumbing/ids.ts';
import { findUserByEmail } from '#functions/storage/users.ts';
import { shootingRecord, type ShootingRecord } from '#shared/entities/shooting.ts';
import { ShootingState } from '#shared/enums.ts';
import { Role } from '#shared/roles.ts';
import { demoAccount } from '../demo-accounts.ts';
import { demoOriginal, demoThumbnail } from '../demo-media/cache.ts';
import { SECOND_BROKER } from './brokers-listings.ts';
import type { SeedContext } from './context.ts';

/**
 * Shootings with pictures for the delivery page, /deliveries and ticket thumbnails: real JPEG files
 * and thumbnails in the media bucket (scripts/local/demo-media). Some pictures have no thumbnail,
 * so the delivery page must hide them.
 */
interface Plan {
  address: string;
  state: number;
  daysAgo: number;
  pictures: number;
  /** Pictures at these indexes get no thumbnail (hidden on the delivery page). */
  withoutThumbnail?: readonly number[];
  tech: boolean;
  /** Pictures at these indexes were bought by the broker (review: visibility and watermark locked). */
  purchased?: readonly number[];
}

const BROKER_PLANS: readonly Plan[] = [
  { address: '1200 rue Sherbrooke Ouest', state: ShootingState.delivered, daysAgo: 12, pictures: 10, withoutThumbnail: [8, 9], tech: true },
  { address: '45 rue Saint-Paul Est', state: ShootingState.completed, daysAgo: 3, pictures: 6, tech: true },
  { address: '88 avenue du Parc', state: ShootingState.delivered, daysAgo: 20, pictures: 6, withoutThumbnail: [5], tech: false },
  // The review queue (part 3 screen 4): one listing under review with many pictures, one in retouch.
  { address: '12 rue des Érables', state: ShootingState.uploaded, daysAgo: 3, pictures: 30, purchased: [0], tech: true },
  { address: '230 chemin Sainte-Foy', state: ShootingState.retouch, daysAgo: 6, pictures: 8, tech: true },
];
const RETOUCH_COMMENTS = ['Redresser les verticales et éclaircir les coins.', 'Retirer le reflet du photographe dans le miroir.', 'Remplacer le ciel gris par un ciel bleu.'];
const SECOND_PLANS: readonly Plan[] = [{ address: '2500 chemin de la Côte-Sainte-Catherine', state: ShootingState.delivered, daysAgo: 8, pictures: 6, tech: true }];

export async function seedPictures({ log, now }: SeedContext): Promise<void> {
  const broker = demoAccount(Role.broker);
  const second = await findUserByEmail(SECOND_BROKER.email);
  const capture = demoAccount(Role.tech_capture).id;
  const postprodAccount = demoAccount(Role.tech_postprod);
  const postprod = postprodAccount.id;
  const postprodAuthor = { id: postprod, firstname: postprodAccount.firstname, lastname: postprodAccount.lastname };
  let comments = 0;
  let shootings = 0;
  let files = 0;
  for (const [brokerId, plans] of [
    [broker.id, BROKER_PLANS],
    [second?.id, SECOND_PLANS],
  ] as const) {
    if (!brokerId) continue;
    const { items } = await listingsOfBroker(brokerId, 100);
    for (const plan of plans) {
      const listing = items.find((l) => l.address === plan.address);
      if (!listing) continue;
      const shooting = await insertShooting(listing, plan, plan.tech ? capture : null, postprod, now);
      shootings++;
      for (let index = 0; index < plan.pictures; index++) {
        const picture = { seed: listing.id * 31 + index, number: index + 1, address: `${listing.address}, ${listing.city}` };
        const original = mediaKeys.original(listing.id, shooting.id, index);
        const thumbnail = plan.withoutThumbnail?.includes(index) ? null : mediaKeys.thumbnail(listing.id, shooting.id, index);
        await putMediaObject(original, demoOriginal(picture));
        if (thumbnail) await putMediaObject(thumbnail, demoThumbnail(picture));
        files += thumbnail ? 2 : 1;
        const inserted = await insertPicture({
          listing_id: listing.id,
          shooting_id: shooting.id,
          picture_index: index,
          original_key: original,
          thumbnail_key: thumbnail,
          distrib_key: null,
          public: true,
          is_validated: plan.state === ShootingState.delivered ? true : null,
          feedback_ticket_id: null,
          is_purchased: plan.purchased?.includes(index) ?? false,
          ...(plan.state === ShootingState.retouch ? { is_validated: index % 3 === 0 ? false : true } : {}),
          created_at: shooting.updated_at,
        });
        // A picture sent to retouch carries the comment that says what to retouch (part 3 §5).
        if (inserted.is_validated === false) {
          await commentOnPicture(listing, inserted, RETOUCH_COMMENTS[index % RETOUCH_COMMENTS.length]!, postprodAuthor, new Date(shooting.updated_at));
          comments++;
        }
      }
    }
  }
  log(`seeded ${shootings} shootings with pictures (${files} JPEG files in the media bucket, ${comments} retouch comments)`);
}

async function insertShooting(listing: StoredListing, plan: Plan, techId: number | null, ppTechId: number, now: Date): Promise<ShootingRecord> {
  const day = new Date(now.getTime() - plan.daysAgo * 86_400_000);
  const scheduleddate = day.toISOString().slice(0, 10);
  const start = new Date(`${scheduleddate}T13:30:00.000Z`);
  const shooting = shootingRecord.parse({
    id: await nextId('shooting'),
    listing_id: listing.id,
    broker_id: listing.broker_id,
    scheduleddate,
    am: true,
    is_confirmed: true,
    state: plan.state,
    starttime: start.toISOString(),
    endtime: new Date(start.getTime() + 5400_000).toISOString(),
    estimated_duration: 5400,
    room_count: listing.room_count,
    tech_id: techId,
    pp_tech_id: ppTechId,
    is_public_for_broker: plan.state === ShootingState.delivered,
    created_at: new Date(day.getTime() - 7 * 86_400_000).toISOString(),
    updated_at: new Date(day.getTime() + 2 * 86_400_000).toISOString(),
  });
  await insertShootingItem(shooting, { lat: null, lng: null, reserved_tech_id: null });
  // As a booking does: the listing's shooting date is its latest active shooting's, for the search's column and du:/au:.
  await followListingShootingDate(shooting, console.warn, isActive(shooting) ? scheduleddate : undefined);
  return shooting;
}
