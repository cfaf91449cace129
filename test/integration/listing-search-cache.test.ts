import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { getListingsForMap, searchListings, updateListing, getListing as getListingOp } from '#shared/catalogue/listings.ts';
import { setMls } from '#shared/catalogue/mls.ts';
import { parseListingSearch, searchEntry, wordsOf } from '#shared/rules/listing-search.ts';
import { Role } from '#shared/roles.ts';
import { db, tableName } from '#functions/plumbing/aws.ts';
import { keys } from '#functions/plumbing/keys.ts';
import { ensureDistributionToken, getListing, insertListing, mendSearchIndex, noteListingShootingDate, searchListingRows, searchWordsOf, setListingMls, updateListingFields, upgradeListingSearchIndex } from '#functions/storage/listings.ts';
import { configureListingSearchCache, LISTING_SEARCH_CACHE_DEFAULTS, listingSearchCacheStats } from '#functions/storage/listing-search-cache.ts';
import { recordVisit, upgradeVisitedListings } from '#functions/storage/visits.ts';
import { tokenFor } from '../support/api.ts';
import { bodyOf, callOp } from '../support/operations.ts';

/**
 * The listing search block cache (ADR 0365): a search after a change sees it at once, whether the
 * change went through this container (the stack's handler) or another one (this test process, or a
 * direct DynamoDB write of a block entry and the index clock); the byte bound evicts; and the two
 * local upgrades (ADR 0345) re-index so that a search answers as before.
 */

let token = '';
beforeAll(async () => {
  token = (await tokenFor(Role.admin)).token;
});
afterAll(() => configureListingSearchCache());

const word = `zc${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const search = async (s: string) => bodyOf(await callOp(searchListings, { search: s }, token));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const fields = (address: string) => ({ address, app: '', city: 'Laval', postalcode: 'H7X 1Y4', room_count: 4, is_house: true, lat: 45.5, lng: -73.7, state: 0, mls: null, broker_id: 900003, broker: { firstname: 'Zoé', lastname: 'Côté' } });
/** A search in this process (its own cache: "another container" than the stack's handler). */
const here = async (s: string) => {
  const parsed = parseListingSearch(s);
  if (!parsed.ok) throw new Error(parsed.message);
  return searchListingRows(parsed.search, 100);
};
const bumpClock = (at = Date.now()) =>
  db.send(new UpdateCommand({ TableName: tableName(), Key: keys.listingSearchClock, UpdateExpression: 'ADD n :one SET #at = :at', ExpressionAttributeNames: { '#at': 'at' }, ExpressionAttributeValues: { ':one': 1, ':at': at } }));
/** Another container's new entry for `id` under `w` (the block write alone; the clock is bumped apart). */
const writeEntry = (w: string, id: number, address: string) => {
  const row = { id, address, app: '', city: 'Laval', postalcode: 'H7X 1Y4', mls: null, broker_id: 900003, broker: { firstname: 'Zoé', lastname: 'Côté' }, shootingdate: null };
  const { pk, sk, gsi2pk, gsi2sk } = keys.listingSearchBlock(w, id);
  return db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { pk, sk },
      UpdateExpression: 'SET gsi2pk = :g, gsi2sk = :s, #e = :e',
      ExpressionAttributeNames: { '#e': keys.listingSearchEntry(id) },
      ExpressionAttributeValues: { ':g': gsi2pk, ':s': gsi2sk, ':e': searchEntry(1, wordsOf(`${id} ${address} laval h7x 1y4 zoe cote`), row) },
    }),
  );
};

describe('listing search block cache (ADR 0365)', () => {
  it('a change through the normal write paths is seen by the next search at once, the blocks cached meanwhile', async () => {
    const l = await insertListing(fields(`14 rue ${word}a`));
    // After the settle delay the handler keeps the blocks it reads: the second search answers from them.
    await sleep(LISTING_SEARCH_CACHE_DEFAULTS.settleMs + 100);
    expect((await search(`${word}a`)).count).toBe(1);
    expect((await search(`${word}a`)).count).toBe(1);
    const { listing: detail } = bodyOf(await callOp(getListingOp, { id: l.id }, token));
    bodyOf(await callOp(updateListing, { id: l.id, version: detail.version, mls: '', civic_number: '15', street: `rue ${word}b`, app: '', city: 'Laval', postalcode: 'H7X 1Y4', sold: false, expired: false }, token));
    expect((await search(`${word}a`)).count).toBe(0);
    expect((await search(`${word}b`)).listings).toMatchObject([{ id: l.id, address: `15 rue ${word}b`, mls: null }]);
    await sleep(LISTING_SEARCH_CACHE_DEFAULTS.settleMs + 100);
    expect((await search(`${word}b mls:null`)).count).toBe(1);
    const mls = String(40_000_000 + Math.floor(Math.random() * 50_000_000));
    bodyOf(await callOp(setMls, { listingId: l.id, mls }, token));
    expect((await search(`${word}b mls:null`)).count).toBe(0);
    expect((await search(`${word}b ${mls}`)).listings).toMatchObject([{ id: l.id, mls }]);
    await sleep(LISTING_SEARCH_CACHE_DEFAULTS.settleMs + 100);
    expect((await search(`${word}b du:2026-05-01`)).count).toBe(0);
    await noteListingShootingDate(l.id, '2026-05-03');
    expect((await search(`${word}b du:2026-05-01`)).listings).toMatchObject([{ id: l.id, shootingdate: '2026-05-03' }]);
  });

  it("another container's block write is seen once it bumps the clock; without the bump, after the max age", async () => {
    configureListingSearchCache({ settleMs: 0, maxAgeMs: 4_000 });
    const w = `${word}o`;
    const l = await insertListing(fields(`20 rue ${w}`));
    expect((await here(w)).count).toBe(1);
    expect((await here(w)).count).toBe(1);
    expect(listingSearchCacheStats()).toMatchObject({ hits: 1, misses: 1, words: 1 });
    // A block write whose writer has not bumped the clock (yet): the cached blocks still answer.
    await writeEntry(w, l.id + 1_000_000, `21 rue ${w}`);
    expect((await here(w)).count).toBe(1);
    await bumpClock();
    const after = await here(w);
    expect(after.count).toBe(2);
    expect(after.rows.map((r) => r.id)).toEqual([l.id + 1_000_000, l.id]);
    expect(listingSearchCacheStats()).toMatchObject({ hits: 2, stale: 1 });
    // A writer that died between its block write and its bump: seen once the cached blocks are older than the max age.
    await writeEntry(w, l.id + 2_000_000, `22 rue ${w}`);
    const started = Date.now();
    const cached = await here(w);
    if (Date.now() - started < 3_000) expect(cached.count).toBe(2);
    await sleep(4_100);
    expect((await here(w)).count).toBe(3);
    // The stack's handler (its own cache) agrees.
    expect((await search(w)).count).toBe(3);
  });

  it('blocks read just after a bump are used but not kept (gsi2 may lag in AWS)', async () => {
    configureListingSearchCache({ settleMs: 60_000 });
    const w = `${word}s`;
    await insertListing(fields(`30 rue ${w}`));
    expect((await here(w)).count).toBe(1);
    expect((await here(w)).count).toBe(1);
    expect(listingSearchCacheStats()).toMatchObject({ hits: 0, misses: 2, words: 0 });
  });

  it('the byte bound evicts the least recently used word', async () => {
    configureListingSearchCache({ settleMs: 0 });
    const [a, b, c] = ['x', 'y', 'z'].map((s) => `${word}${s}`);
    for (const w of [a!, b!, c!]) await insertListing(fields(`40 rue ${w}`));
    await here(a!);
    const one = listingSearchCacheStats().bytes;
    expect(one).toBeGreaterThan(0);
    configureListingSearchCache({ settleMs: 0, maxBytes: Math.floor(one * 2.5) });
    await here(a!);
    await here(b!);
    await here(a!); // a is now the most recently used
    await here(c!); // evicts b
    expect(listingSearchCacheStats()).toMatchObject({ words: 2, evictions: 1, hits: 1 });
    expect(listingSearchCacheStats().bytes).toBeLessThanOrEqual(Math.floor(one * 2.5));
    await here(a!);
    await here(b!);
    expect(listingSearchCacheStats()).toMatchObject({ hits: 2, misses: 4 });
    // A word larger than the whole bound is answered, never kept.
    configureListingSearchCache({ settleMs: 0, maxBytes: 10 });
    expect((await here(a!)).count).toBe(1);
    expect(listingSearchCacheStats()).toMatchObject({ words: 0, bytes: 0 });
  });
});

describe('an index write that fails (ADR 0365)', () => {
  /** Makes the search block writes, the index clock's bump and/or the map items' writes fail, for one call of `run`. */
  const failing = async (which: { blocks: boolean; clock: boolean; map?: boolean }, run: () => Promise<unknown>) => {
    const send = db.send.bind(db);
    const spy = vi.spyOn(db, 'send').mockImplementation(((command: { input?: { Key?: { pk?: string }; UpdateExpression?: string; Item?: { sk?: string } } }) => {
      const input = command.input ?? {};
      if (which.clock && input.Key?.pk === keys.listingSearchClock.pk) return Promise.reject(new Error('clock down'));
      if (which.blocks && input.UpdateExpression?.startsWith('SET gsi2pk')) return Promise.reject(new Error('blocks down'));
      if (which.map && input.Item?.sk === keys.listingSearchToken(0, '@map').sk) return Promise.reject(new Error('map down'));
      return send(command as Parameters<typeof send>[0]);
    }) as typeof db.send);
    try {
      return await run().then(
        () => 'no error',
        (error: Error) => error.message,
      );
    } finally {
      spy.mockRestore();
    }
  };

  it("answers the block write's error when the clock's bump fails too, and the bump's error when it fails alone", async () => {
    expect(await failing({ blocks: true, clock: true }, () => insertListing(fields(`3 rue ${word}f`)))).toBe('blocks down');
    expect(await failing({ blocks: false, clock: true }, () => insertListing(fields(`4 rue ${word}g`)))).toBe('clock down');
    expect(await failing({ blocks: true, clock: false }, () => insertListing(fields(`5 rue ${word}h`)))).toBe('blocks down');
  });

  it("leaves a dialog save saved (the failure reported, not thrown), and the listing's next opening mends its entries", async () => {
    const l = await insertListing(fields(`6 rue ${word}m`));
    const stored = (await getListing(l.id))!;
    const failures: unknown[] = [];
    const change = { mls: null, civic_number: '6', street: `rue ${word}n`, app: '', city: 'Laval', postalcode: 'H7X 1Y4', sold: false, date_sold: null, date_notarized: null, expired: false };
    expect(await failing({ blocks: true, clock: false }, () => updateListingFields(stored, change, new Date(), {}, (error) => failures.push(error)))).toBe('no error');
    expect(failures.map((e) => (e as Error).message)).toEqual(['blocks down']);
    expect((await getListing(l.id))!.address).toBe(`6 rue ${word}n`);
    expect((await search(`${word}n`)).count).toBe(0);
    bodyOf(await callOp(getListingOp, { id: l.id }, token));
    expect((await search(`${word}n`)).listings).toMatchObject([{ id: l.id, address: `6 rue ${word}n` }]);
    expect((await search(`${word}m`)).count).toBe(0);
    // Up to date now: nothing more to mend.
    expect(await mendSearchIndex(l.id)).toBe(false);
  });

  it('answers a saved MLS number as saved when its index write fails; the next opening finds it by that number', async () => {
    const l = await insertListing(fields(`9 rue ${word}s`));
    const mls = String(30_000_000 + Math.floor(Math.random() * 9_000_000));
    let saved: boolean | 'changed' | undefined;
    expect(await failing({ blocks: true, clock: false }, async () => (saved = await setListingMls(l.id, mls)))).toBe('no error');
    expect(saved).toBe(true);
    expect((await getListing(l.id))!.mls).toBe(mls);
    bodyOf(await callOp(getListingOp, { id: l.id }, token));
    expect((await search(mls)).listings).toMatchObject([{ id: l.id, mls }]);
  });

  it("answers a listing's first delivery token even when its map item cannot be written; the next opening puts it on the map", async () => {
    const l = await insertListing(fields(`8 rue ${word}t`));
    let distribution = '';
    expect(await failing({ blocks: true, clock: false, map: true }, async () => (distribution = await ensureDistributionToken((await getListing(l.id))!)))).toBe('no error');
    expect((await getListing(l.id))!.distribution_token).toBe(distribution);
    const onMap = async () => bodyOf(await callOp(getListingsForMap, {}, token)).points.filter(([id]) => id === l.id);
    expect(await onMap()).toEqual([]);
    bodyOf(await callOp(getListingOp, { id: l.id }, token));
    expect(await onMap()).toEqual([[l.id, l.lat, l.lng]]);
  });
});

describe('local upgrades of the search index (ADR 0345), searched through the cache', () => {
  it('the V3 upgrade re-indexes a table whose entries are older; the search answers as before', async () => {
    const w = `${word}u`;
    const l = await insertListing({ ...fields(`50 rue ${w}`), mls: '61234567' });
    await noteListingShootingDate(l.id, '2026-06-07');
    const before = await search(w);
    expect(before.count).toBe(1);
    // Entries as ADR 0300 wrote them (no row), no SEARCHWORDS item, no V3 marker.
    for (const sw of [...searchWordsOf(l), '@all']) {
      const { pk, sk } = keys.listingSearchBlock(sw, l.id);
      await db.send(new UpdateCommand({ TableName: tableName(), Key: { pk, sk }, UpdateExpression: 'SET #e = :e', ExpressionAttributeNames: { '#e': keys.listingSearchEntry(l.id) }, ExpressionAttributeValues: { ':e': `000000000001||2026-06-07|${searchWordsOf(l).join(' ')}` } }));
    }
    await db.send(new DeleteCommand({ TableName: tableName(), Key: keys.listingSearchWords(l.id) }));
    await db.send(new DeleteCommand({ TableName: tableName(), Key: keys.listingSearchVersion }));
    await bumpClock();
    expect((await search(w)).count).toBe(0);
    expect(await upgradeListingSearchIndex()).toBeGreaterThan(0);
    expect(await search(w)).toEqual(before);
    expect(await upgradeListingSearchIndex()).toBe(0);
  }, 600_000);

  it('the visited-set upgrade adds listings with visits; the search shows their totals again', async () => {
    const w = `${word}v`;
    const l = await insertListing(fields(`60 rue ${w}`));
    await recordVisit({ listingId: l.id, visitor: 'visitor-cache-test', session: 'session-cache-test', photos: 10, views: 5, seconds: 120 });
    const before = await search(w);
    expect(before.listings[0]).toMatchObject({ id: l.id, visitor: 1, session: 1 });
    await db.send(new UpdateCommand({ TableName: tableName(), Key: keys.visitedListings(l.id), UpdateExpression: 'DELETE ids :id', ExpressionAttributeValues: { ':id': new Set([l.id]) } }));
    await db.send(new DeleteCommand({ TableName: tableName(), Key: keys.visitedListingsVersion }));
    expect((await search(w)).listings[0]).toMatchObject({ id: l.id, visitor: 0, session: 0 });
    expect(await upgradeVisitedListings()).toBeGreaterThan(0);
    expect(await search(w)).toEqual(before);
    expect(await upgradeVisitedListings()).toBe(0);
  }, 300_000);
});
