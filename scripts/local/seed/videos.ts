import { listingsOfBroker } from '#functions/storage/listings.ts';
import { insertVideo } from '#functions/storage/videos.ts';
import { Role } from '#shared/roles.ts';
import { demoAccount } from '../demo-accounts.ts';
import type { SeedContext } from './context.ts';

/**
 * Automated videos (ADR 0240): requests waiting in the job monitor for an admin to queue —
 * nothing is rendered at seed time (a render takes a minute of CPU); queuing one renders the
 * listing's demo pictures for real.
 */
const REQUESTS = [
  { address: '1200 rue Sherbrooke Ouest', templateId: 1 },
  { address: '88 avenue du Parc', templateId: 3 },
] as const;

export async function seedVideos({ log }: SeedContext): Promise<void> {
  const broker = demoAccount(Role.broker);
  const admin = demoAccount(Role.admin);
  const { items } = await listingsOfBroker(broker.id, 100);
  let count = 0;
  for (const request of REQUESTS) {
    const listing = items.find((l) => l.address === request.address);
    if (!listing) continue;
    await insertVideo(
      { listing_id: listing.id, template_id: request.templateId, requested_by: admin.id, broker_team_member_id: null, is_broker_photo_visible: true, main_broker_id: listing.broker_id, current_broker_id: listing.broker_id },
      false,
    );
    count++;
  }
  log(`seeded ${count} requested listing videos`);
}
