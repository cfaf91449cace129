import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertListing } from '#functions/storage/listings.ts';
import { getListingStateReadings, putListingStateReadings } from '#functions/storage/listing-state-readings.ts';
import { insertShooting, newShootingId } from '#functions/storage/shootings.ts';
import { getListing } from '#shared/catalogue/listings.ts';
import { getShootingAdmin } from '#shared/catalogue/shootings.ts';
import { ListingState, ShootingState } from '#shared/enums.ts';
import { Role } from '#shared/roles.ts';
import { tokenFor } from '../support/api.ts';
import { listingFields } from '../support/listing-fields.ts';
import { bodyOf, callOp } from '../support/operations.ts';

/**
 * Listing state 4 (part 1 §3: 'postponed in the search and user parts, delivered in the planner
 * dialog'): both readings are kept, each place's is a stored setting (docs/decisions/0715).
 */
describe('listing state 4 readings', () => {
  let stored: Awaited<ReturnType<typeof getListingStateReadings>>;
  beforeAll(async () => {
    stored = await getListingStateReadings();
  });
  afterAll(() => putListingStateReadings(stored));

  it('reads 4 as postponed in the listing dialog and delivered in the planner’s shooting dialog, and follows the setting', async () => {
    const admin = (await tokenFor(Role.admin)).token;
    const listing = await insertListing({ ...listingFields('44 rue Remise', { id: 999_998, firstname: 'Rémi', lastname: 'Remise' }), state: ListingState.postponed });
    const id = await newShootingId();
    const at = new Date().toISOString();
    await insertShooting(
      { id, listing_id: listing.id, broker_id: 999_998, scheduleddate: '2026-01-15', am: true, is_confirmed: true, state: ShootingState.delivered, estimated_duration: 3600, room_count: 4, tech_id: null, created_at: at, updated_at: at },
      { lat: null, lng: null, reserved_tech_id: null },
    );
    const names = async () => [
      bodyOf(await callOp(getListing, { id: listing.id }, admin)).listing.state_name,
      bodyOf(await callOp(getShootingAdmin, { shooting_id: id }, admin)).data.listing.state_name,
    ];

    await putListingStateReadings({ listings: 'postponed', planner: 'delivered' });
    expect(await names()).toEqual(['postponed', 'delivered']);
    await putListingStateReadings({ listings: 'delivered', planner: 'postponed' });
    expect(await names()).toEqual(['delivered', 'postponed']);
  });
});
