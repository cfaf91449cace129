import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#functions/plumbing/aws.ts';
import { seedAccounts } from './accounts.ts';
import type { Seeder } from './context.ts';
import { seedBrokersAndListings } from './brokers-listings.ts';
import { seedPictures } from './pictures.ts';
import { seedFloorplans } from './floorplans.ts';
import { seedTickets } from './tickets.ts';
import { seedPlanningWorld } from './planning-world.ts';
import { seedShootings } from './shootings.ts';
import { seedPlanningSettings } from './planning-settings.ts';
import { seedHmd } from './hmd.ts';
import { seedOffers } from './offers.ts';
import { seedBrokerOffices } from './broker-offices.ts';
import { seedUsers } from './users.ts';
import { seedProvider } from './provider.ts';
import { seedVideos } from './videos.ts';
import { seedReleases } from './releases.ts';
import { seedVisits } from './visits.ts';
import { markListingSearchIndexCurrent, upgradeListingSearchIndex } from '#functions/storage/listings.ts';
import { markVisitedListingsCurrent, markVisitMonthsCurrent, upgradeVisitedListings, upgradeVisitMonths } from '#functions/storage/visits.ts';
import { markShootingListingIndexCurrent } from '#functions/storage/shootings.ts';
import { markOpenTicketIndexCurrent } from '#functions/storage/tickets.ts';
import { upgradeOpenTicketIndex, upgradeShootingListingIndex } from '../backfill.ts';

const SEED_MARKER = { pk: 'SEED#demo', sk: 'SEED' };

/**
 * The demo data, one seeder per area, run in this order on the first start only; later starts
 * find the marker and keep the data as it is (npm run reset wipes it). The provider file comes
 * last: its import (about 76,000 rows) runs in the background and shares DynamoDB Local, so a
 * seeder after it waited for the import's writes (ADR 0320).
 */
const SEEDERS: readonly Seeder[] = [seedAccounts, seedUsers, seedOffers, seedPlanningWorld, seedPlanningSettings, seedBrokersAndListings, seedPictures, seedFloorplans, seedTickets, seedShootings, seedHmd, seedBrokerOffices, seedVideos, seedReleases, seedVisits, seedProvider];

export async function seedDemoData(log: (line: string) => void = () => undefined): Promise<'seeded' | 'already-seeded'> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: SEED_MARKER, ConsistentRead: true }));
  if (Item) {
    // An older table gets its listing search index brought to the current form (ADRs 0300 to 0450, once each).
    const upgraded = await upgradeListingSearchIndex();
    if (upgraded) log(`listing search index upgraded: ${upgraded} listings`);
    const visited = await upgradeVisitedListings();
    if (visited) log(`visited-listing sets upgraded: ${visited} listings`);
    const months = await upgradeVisitMonths();
    if (months) log(`visit months upgraded: ${months} listing months`);
    const shootings = await upgradeShootingListingIndex();
    if (shootings) log(`shooting listing index upgraded: ${shootings} shootings`);
    const tickets = await upgradeOpenTicketIndex();
    if (tickets) log(`open-ticket index upgraded: ${tickets} tickets`);
    return 'already-seeded';
  }
  const now = new Date();
  for (const seed of SEEDERS) await seed({ now, log });
  // The seeders wrote their listings through storage, indexed in blocks already: nothing to upgrade.
  await markListingSearchIndexCurrent();
  await markVisitedListingsCurrent();
  await markVisitMonthsCurrent();
  await markShootingListingIndexCurrent();
  await markOpenTicketIndexCurrent();
  await db.send(new PutCommand({ TableName: tableName(), Item: { ...SEED_MARKER, seeded_at: now.toISOString() } }));
  return 'seeded';
}
