import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { searchListings } from '#shared/catalogue/listings.ts';
import { parseListingSearch, type ListingSearch } from '#shared/rules/listing-search.ts';
import { Role } from '#shared/roles.ts';
import { db, tableName } from '#functions/plumbing/aws.ts';
import { keys } from '#functions/plumbing/keys.ts';
import { getListing, insertListing, noteListingShootingDate, searchListingRows, setListingMls, updateListingFields, upgradeListingSearchIndex } from '#functions/storage/listings.ts';
import { configureListingSearchCache } from '#functions/storage/listing-search-cache.ts';
import { tokenFor } from '../support/api.ts';
import { searchedAndTruth } from '../support/listing-search-truth.ts';
import { bodyOf, callOp } from '../support/operations.ts';

/**
 * The commands without a word of 3 characters (ADR 0450): 'mls:null' reads the '@nomls' blocks and
 * the date commands those of the months in their range, and they answer what reading every '@all'
 * block answers; a listing leaves 'mls:null' when it gets an MLS number and comes back when the
 * number is cleared, and moves from month to month with its shooting date; the local upgrade writes
 * the entries of a table made before them.
 */

let token = '';
beforeAll(async () => {
  token = (await tokenFor(Role.admin)).token;
  // No cached word in this process: every search here reads the blocks.
  configureListingSearchCache({ maxBytes: 0 });
});
afterAll(() => configureListingSearchCache());

const parsed = (text: string): ListingSearch => {
  const p = parseListingSearch(text);
  if (!p.ok) throw new Error(p.message);
  return p.search;
};
const word = `zq${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const fields = (address: string) => ({ address, app: '', city: 'Laval', postalcode: 'H7X 1Y4', room_count: 4, is_house: true, lat: 45.5, lng: -73.7, state: 0, mls: null, broker_id: 900003, broker: { firstname: 'Zoé', lastname: 'Côté' } });

const idsFound = async (text: string) => new Set((await searchListingRows(parsed(text), 1_000_000)).rows.map((r) => r.id));
const noMlsIds = () => idsFound('mls:null');

describe("'mls:null' from the '@nomls' blocks (ADR 0450)", () => {
  it('answers what every @all block answers, alone, with short words and with dates', async () => {
    const a = await insertListing(fields(`7 rue ${word}`));
    await insertListing({ ...fields(`8 rue ${word}`), mls: '19990001' });
    for (const text of ['mls:null', 'mls:null 7', 'mls:null du:2026-01-01', 'mls:null au:2020-01-01']) {
      for (const limit of [1, 100, 1000]) {
        const { searched, truth } = await searchedAndTruth(parsed(text), limit);
        expect(searched, `${text}, limit ${limit}`).toEqual(truth);
      }
    }
    const page = bodyOf(await callOp(searchListings, { search: 'mls:null' }, token));
    expect(page.listings.every((l) => l.mls === null)).toBe(true);
    expect(page.listings.map((l) => l.id)).toContain(a.id);
  });

  it('a listing leaves mls:null when it gets an MLS number and comes back when the number is cleared', async () => {
    const l = await insertListing(fields(`9 rue ${word}`));
    expect(await noMlsIds()).toContain(l.id);
    await setListingMls(l.id, '19990002');
    expect(await noMlsIds()).not.toContain(l.id);
    const stored = (await getListing(l.id))!;
    await updateListingFields(stored, { mls: null, civic_number: '9', street: `rue ${word}`, app: '', city: 'Laval', postalcode: 'H7X 1Y4', sold: false, date_sold: null, date_notarized: null, expired: false });
    expect(await noMlsIds()).toContain(l.id);
    // Its words' search finds it under mls:null too (driven by its word, not by '@nomls').
    expect((await searchListingRows(parsed(`mls:null ${word}`), 100)).rows.map((r) => r.id)).toContain(l.id);
  });

  it("a table made before '@nomls': the local upgrade writes the entries of its listings without MLS, once", async () => {
    const l = await insertListing(fields(`10 rue ${word}`));
    // As the code before ADR 0450 left it: no '@nomls' entry, SEARCHWORDS without the word, no V5 marker.
    const block = keys.listingSearchBlock('@nomls', l.id);
    await db.send(new UpdateCommand({ TableName: tableName(), Key: { pk: block.pk, sk: block.sk }, UpdateExpression: 'REMOVE #e', ExpressionAttributeNames: { '#e': keys.listingSearchEntry(l.id) } }));
    const { Item: words } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.listingSearchWords(l.id), ConsistentRead: true }));
    expect(words!.words).toContain('@nomls');
    await db.send(new PutCommand({ TableName: tableName(), Item: { ...words, words: (words!.words as string[]).filter((w) => w !== '@nomls') } }));
    await db.send(new DeleteCommand({ TableName: tableName(), Key: keys.listingSearchVersionCommands }));
    expect(await noMlsIds()).not.toContain(l.id);

    expect(await upgradeListingSearchIndex()).toBeGreaterThan(0);
    expect(await noMlsIds()).toContain(l.id);
    expect((await db.send(new GetCommand({ TableName: tableName(), Key: keys.listingSearchVersionCommands, ConsistentRead: true }))).Item).toBeDefined();
    expect(await upgradeListingSearchIndex()).toBe(0);
    const { searched, truth } = await searchedAndTruth(parsed('mls:null'), 100);
    expect(searched).toEqual(truth);
  }, 300_000);
});

describe('the date commands from the month words (ADR 0450)', () => {
  const ranges = ['du:2026-03-01 au:2026-03-31', 'du:2026-03-15 au:2026-04-02', 'du:2026-04-01', 'au:2026-03-20', 'du:2025-12-31 au:2026-01-01', 'du:2026-03-10 au:2026-03-10 7'];

  it('answer what every @all block answers, over one month, across months and with one bound', async () => {
    const dates = ['2025-12-31', '2026-01-01', '2026-03-10', '2026-03-31', '2026-04-01', '2026-04-02'];
    for (const [k, date] of dates.entries()) await noteListingShootingDate((await insertListing(fields(`${k + 1} rue ${word}d`))).id, date);
    for (const text of ranges) {
      for (const limit of [1, 100, 1000]) {
        const { searched, truth } = await searchedAndTruth(parsed(text), limit);
        expect(searched, `${text}, limit ${limit}`).toEqual(truth);
      }
    }
  });

  it("a listing moves from month to month with its shooting date (its old month's entry tombstoned)", async () => {
    const l = await insertListing({ ...fields(`20 rue ${word}m`), mls: '19990003' });
    expect(await idsFound('au:2030-12-31')).not.toContain(l.id);
    await noteListingShootingDate(l.id, '2026-05-30');
    expect(await idsFound('du:2026-05-01 au:2026-05-31')).toContain(l.id);
    await noteListingShootingDate(l.id, '2026-06-02');
    expect(await idsFound('du:2026-05-01 au:2026-05-31')).not.toContain(l.id);
    expect(await idsFound('du:2026-06-01 au:2026-06-02')).toContain(l.id);
    expect(await idsFound('du:2026-06-03')).not.toContain(l.id);
  });

  it('a table made before the month words: the local upgrade writes them, once', async () => {
    const l = await insertListing({ ...fields(`21 rue ${word}m`), mls: '19990004' });
    await noteListingShootingDate(l.id, '2026-07-04');
    const block = keys.listingSearchBlock('@dt2026-07', l.id);
    await db.send(new UpdateCommand({ TableName: tableName(), Key: { pk: block.pk, sk: block.sk }, UpdateExpression: 'REMOVE #e', ExpressionAttributeNames: { '#e': keys.listingSearchEntry(l.id) } }));
    const { Item: words } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.listingSearchWords(l.id), ConsistentRead: true }));
    await db.send(new PutCommand({ TableName: tableName(), Item: { ...words, words: (words!.words as string[]).filter((w) => w !== '@dt2026-07') } }));
    await db.send(new DeleteCommand({ TableName: tableName(), Key: keys.listingSearchVersionCommands }));
    expect(await idsFound('du:2026-07-01 au:2026-07-31')).not.toContain(l.id);

    expect(await upgradeListingSearchIndex()).toBeGreaterThan(0);
    expect(await idsFound('du:2026-07-01 au:2026-07-31')).toContain(l.id);
    const { searched, truth } = await searchedAndTruth(parsed('du:2026-07-01'), 100);
    expect(searched).toEqual(truth);
  }, 300_000);
});
