import { describe, expect, it } from 'vitest';
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#functions/plumbing/aws.ts';
import { keys } from '#functions/plumbing/keys.ts';
import { transact } from '#functions/plumbing/transact.ts';
import {
  SHOOTING_INDEX_ATTRIBUTES,
  assignShooting,
  cancelShooting,
  createShootingPut,
  dispatchAssignment,
  getShootingItem,
  moveShooting,
  newShootingId,
  shootingsOfListing,
  storeLegs,
  toShooting,
  unassignShooting,
} from '#functions/storage/shootings.ts';
import { upgradeShootingListingIndex } from '../../scripts/local/backfill.ts';
import { ShootingState } from '#shared/enums.ts';
import { addDays, localDateOf } from '#shared/rules/business-time.ts';

/**
 * storage/shootings.ts is the only writer of shooting items (ADR 0122): after every mutation the
 * item's index attributes are exactly what keys.shootingIndexes derives from the item, no stale
 * technician index after an unassignment, none missing after an assignment or a move.
 * Days far past the booking horizon and a broker of its own: no other test reads them.
 */
const BROKER = 990_001;
const day = (n: number) => addDays(localDateOf(Date.now()), n);

async function rawItem(id: number): Promise<Record<string, unknown>> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.shooting(id), ConsistentRead: true }));
  if (!Item) throw new Error(`shooting ${id} not found`);
  return Item;
}

/** The index attributes an item carries, and those the key builder derives from it. */
async function indexes(id: number): Promise<{ stored: Record<string, unknown>; derived: Record<string, unknown> }> {
  const item = await rawItem(id);
  const pick = (from: Record<string, unknown>) => Object.fromEntries(SHOOTING_INDEX_ATTRIBUTES.filter((name) => from[name] !== undefined).map((name) => [name, from[name]]));
  return { stored: pick(item), derived: pick(keys.shootingIndexes(toShooting(item))) };
}

async function expectIndexesInStep(id: number, techIndexed: boolean): Promise<void> {
  const { stored, derived } = await indexes(id);
  expect(stored).toEqual(derived);
  expect('gsi3pk' in stored).toBe(techIndexed);
}

describe('shooting mutations keep the indexes in step with the item', () => {
  it('create, move, assign, store legs, unassign, dispatch, cancel', async () => {
    const id = await newShootingId();
    const now = new Date().toISOString();
    const { put } = createShootingPut(
      { id, listing_id: 1, broker_id: BROKER, scheduleddate: day(300), am: true, is_confirmed: false, state: ShootingState.unconfirmed, estimated_duration: 3600, room_count: 5, created_at: now, updated_at: now },
      { lat: 45.5, lng: -73.6, reserved_tech_id: 1006 },
    );
    await transact([put]);
    await expectIndexesInStep(id, false);

    let s = (await getShootingItem(id))!;
    await transact(moveShooting(s, { date: day(301), am: false, reservedTechId: 1007, now }));
    s = (await getShootingItem(id))!;
    expect([s.scheduleddate, s.am, s.reserved_tech_id, s.version]).toEqual([day(301), false, 1007, 2]);
    await expectIndexesInStep(id, false);

    await transact([assignShooting(s, 1006, true)]);
    s = (await getShootingItem(id))!;
    expect([s.tech_id, s.force_assigned]).toEqual([1006, true]);
    await expectIndexesInStep(id, true);

    // Moving an assigned shooting moves its technician index with it.
    await transact(moveShooting(s, { date: day(302), am: true, reservedTechId: null, now }));
    s = (await getShootingItem(id))!;
    await expectIndexesInStep(id, true);
    expect((await rawItem(id)).gsi3sk).toBe(keys.shootingTechIndex(1006, day(302), id).gsi3sk);

    // A leg is stored at the version read and leaves it as it is (ADR 0640); one worked out from an older reading is refused.
    expect(await storeLegs([{ shootingId: id, km: 12.5, transitS: 900, version: s.version }])).toBe(1);
    expect(await storeLegs([{ shootingId: id, km: 99, transitS: 1, version: s.version - 1 }])).toBe(0);
    expect((await getShootingItem(id))!.version).toBe(s.version);
    s = (await getShootingItem(id))!;
    expect([s.distance, s.transit_time]).toEqual([12.5, 900]);
    await expectIndexesInStep(id, true);

    await transact([unassignShooting(s)]);
    s = (await getShootingItem(id))!;
    expect([s.tech_id, s.force_assigned, s.distance]).toEqual([null, false, null]);
    await expectIndexesInStep(id, false);

    await transact([dispatchAssignment(s, 1007, { distanceKm: 3.2, transitS: 300 })]);
    s = (await getShootingItem(id))!;
    expect(s.tech_id).toBe(1007);
    await expectIndexesInStep(id, true);
    // A dispatch never overwrites an assignment: the same piece at the new version fails.
    await expect(transact([dispatchAssignment(s, 1006, { distanceKm: 1, transitS: 1 })])).rejects.toThrow();

    await cancelShooting(s, 'client changed their mind', 1);
    s = (await getShootingItem(id))!;
    expect([s.state, s.cancellation_reason]).toEqual([ShootingState.canceled, 'client changed their mind']);
    await expectIndexesInStep(id, true);
  });

  it('refuses a write on a version that changed meanwhile', async () => {
    const id = await newShootingId();
    const now = new Date().toISOString();
    const { put } = createShootingPut(
      { id, listing_id: 1, broker_id: BROKER, scheduleddate: day(303), am: true, is_confirmed: false, state: ShootingState.unconfirmed, estimated_duration: 3600, room_count: 5, created_at: now, updated_at: now },
      { lat: 45.5, lng: -73.6, reserved_tech_id: null },
    );
    await transact([put]);
    const read = (await getShootingItem(id))!;
    await transact([assignShooting(read, 1006, false)]);
    await expect(transact([unassignShooting(read)])).rejects.toThrow();
    await expectIndexesInStep(id, true);
  });

  it("a listing's shootings are read from its own index, by date, whoever their broker; older items get it from the start's upgrade (ADR 0685)", async () => {
    const listingId = 980_000_000 + Math.floor(Math.random() * 1e6);
    const now = new Date().toISOString();
    const create = async (date: string, brokerId: number) => {
      const id = await newShootingId();
      const { put } = createShootingPut(
        { id, listing_id: listingId, broker_id: brokerId, scheduleddate: date, am: true, is_confirmed: false, state: ShootingState.unconfirmed, estimated_duration: 3600, room_count: 5, created_at: now, updated_at: now },
        { lat: 45.5, lng: -73.6, reserved_tech_id: null },
      );
      await transact([put]);
      return id;
    };
    const later = await create(day(320), BROKER);
    const earlier = await create(day(310), BROKER + 1);
    await create(day(311), BROKER);
    const ids = async () => (await shootingsOfListing(listingId)).map((s) => s.scheduleddate);
    expect(await ids()).toEqual([day(310), day(311), day(320)]);

    // A move takes the shooting's place in its listing's index with it.
    await transact(moveShooting((await getShootingItem(earlier))!, { date: day(330), am: false, reservedTechId: null, now }));
    expect(await ids()).toEqual([day(311), day(320), day(330)]);

    // An item written before the index (no gsi6 keys) is found again once the start's upgrade ran.
    await db.send(new UpdateCommand({ TableName: tableName(), Key: keys.shooting(later), UpdateExpression: 'REMOVE gsi6pk, gsi6sk' }));
    expect(await ids()).toEqual([day(311), day(330)]);
    await db.send(new DeleteCommand({ TableName: tableName(), Key: keys.shootingListingIndexVersion }));
    expect(await upgradeShootingListingIndex()).toBeGreaterThanOrEqual(1);
    expect(await ids()).toEqual([day(311), day(320), day(330)]);
    await expectIndexesInStep(later, false);
    // Once: the marker is there.
    expect(await upgradeShootingListingIndex()).toBe(0);
  });
});
