import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { searchListings } from '#shared/catalogue/listings.ts';
import { type ListingSearch } from '#shared/rules/listing-search.ts';
import { Role } from '#shared/roles.ts';
import { db, tableName } from '#functions/plumbing/aws.ts';
import { keys } from '#functions/plumbing/keys.ts';
import { insertListing, noteListingShootingDate, upgradeListingSearchIndex } from '#functions/storage/listings.ts';
import { configureListingSearchCache } from '#functions/storage/listing-search-cache.ts';
import { tokenFor } from '../support/api.ts';
import { blocksOf, searchedAndTruth } from '../support/listing-search-truth.ts';
import { bodyOf, callOp } from '../support/operations.ts';

/**
 * The search without words or commands (ADR 0440): the newest listings and the exact total, from
 * the newest '@all' blocks and the id sets, answer what reading every block answers; the local
 * upgrade fills the id sets of a table made before them.
 */

let token = '';
beforeAll(async () => {
  token = (await tokenFor(Role.admin)).token;
  // No cached '@all' word in this process: every search here takes the path under test.
  configureListingSearchCache({ maxBytes: 0 });
});
afterAll(() => configureListingSearchCache());

const EMPTY: ListingSearch = { words: [], mlsNull: false, from: null, to: null };
const word = `zn${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const fields = (address: string) => ({ address, app: '', city: 'Laval', postalcode: 'H7X 1Y4', room_count: 4, is_house: true, lat: 45.5, lng: -73.7, state: 0, mls: null, broker_id: 900003, broker: { firstname: 'Zoé', lastname: 'Côté' } });

describe('listing search without words (ADR 0440)', () => {
  it('answers the newest listings and the exact total, as reading every block does, after inserts and changes', async () => {
    const a = await insertListing(fields(`31 rue ${word}`));
    const b = await insertListing(fields(`32 rue ${word}`));
    await noteListingShootingDate(a.id, '2026-08-09');
    for (const limit of [1, 100, 1000]) {
      const { searched, truth } = await searchedAndTruth(EMPTY, limit);
      expect(searched, `limit ${limit}`).toEqual(truth);
    }
    const page = bodyOf(await callOp(searchListings, { search: '' }, token));
    const ids = page.listings.map((l) => l.id);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    expect(page.listings.find((l) => l.id === a.id)).toMatchObject({ address: `31 rue ${word}`, shootingdate: '2026-08-09' });
  });

  it('a table made before the id sets: the local upgrade fills them from the blocks, once', async () => {
    await insertListing(fields(`33 rue ${word}`));
    const [oldest] = await blocksOf('@all');
    const oldestIds = Object.keys(oldest!).filter((name) => /^e\d+$/.test(name)).map((name) => Number(name.slice(1)));
    const setKey = keys.listingIdSet(oldestIds[0]!);
    await db.send(new DeleteCommand({ TableName: tableName(), Key: setKey }));
    await db.send(new DeleteCommand({ TableName: tableName(), Key: keys.listingSearchVersionIds }));

    // The total comes from the sets: without the oldest block's, its listings are missing from it.
    const without = await searchedAndTruth(EMPTY, 100);
    expect(without.searched.rows).toEqual(without.truth.rows);
    expect(without.searched.count).toBe(without.truth.count - oldestIds.length);

    expect(await upgradeListingSearchIndex()).toBe(0);
    const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: setKey, ConsistentRead: true }));
    expect([...(Item!.ids as Set<number>)].sort((x, y) => x - y)).toEqual(oldestIds.sort((x, y) => x - y));
    expect((await db.send(new GetCommand({ TableName: tableName(), Key: keys.listingSearchVersionIds, ConsistentRead: true }))).Item).toBeDefined();
    const upgraded = await searchedAndTruth(EMPTY, 100);
    expect(upgraded.searched).toEqual(upgraded.truth);
  });
});
