import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#functions/plumbing/aws.ts';
import { nextId } from '#functions/plumbing/ids.ts';
import { keys } from '#functions/plumbing/keys.ts';
import { mediaBucket, mediaKeys } from '#functions/plumbing/media.ts';
import { mediaObjectSize, putMediaObject } from '#functions/plumbing/media-objects.ts';
import { zipExists } from '#functions/plumbing/zip.ts';
import { configureListingSearchCache, LISTING_SEARCH_CACHE_DEFAULTS } from '#functions/storage/listing-search-cache.ts';
import { insertListing, newDistributionToken, searchListingRows } from '#functions/storage/listings.ts';
import { insertPicture } from '#functions/storage/pictures.ts';
import { downloadAllPictures, downloadMlsPictures } from '#shared/catalogue/deliveries.ts';
import type { InputOf } from '#shared/catalogue/index.ts';
import { purgeListingCache, searchListings } from '#shared/catalogue/listings.ts';
import { parseListingSearch, searchEntry, wordsOf } from '#shared/rules/listing-search.ts';
import { Role } from '#shared/roles.ts';
import { demoAccount } from '../../scripts/local/demo-accounts.ts';
import { tokenFor } from '../support/api.ts';
import { bodyOf, callOp, errorOf } from '../support/operations.ts';

/**
 * Part 3 §7 'purge listing cache' (ADR 0550): the listing's cached ZIPs (download-all, MLS-ready)
 * are deleted and nothing else of the bucket; the next download builds them again; the search index
 * clock moves, so the cached search blocks of every container (the stack's handler, this process)
 * are read again.
 */

let admin = '';
beforeAll(async () => {
  admin = (await tokenFor(Role.admin)).token;
});
afterAll(() => configureListingSearchCache());

const word = `zp${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const broker = demoAccount(Role.broker);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const purge = (id: InputOf<typeof purgeListingCache>['id'], as?: string) => callOp(purgeListingCache, { id }, as);
/** The media key a presigned URL of the local emulator (path style: /bucket/key) points at. */
const keyOf = (url: string) => decodeURIComponent(new URL(url).pathname).slice(`/${mediaBucket()}/`.length);

/** A delivered listing of the demo broker with two small pictures (original and thumbnail each) in the S3 emulator. */
async function deliveredListing(street: string) {
  const token = newDistributionToken();
  const listing = await insertListing({
    address: `${(await nextId('purge-cache-listing', 1)) % 100_000} ${street}`,
    app: '',
    city: 'Montréal',
    postalcode: 'H2X 1Y4',
    room_count: 4,
    is_house: true,
    lat: 45.5,
    lng: -73.57,
    state: 1,
    mls: null,
    broker_id: broker.id,
    broker: { firstname: broker.firstname, lastname: broker.lastname },
    distribution_token: token,
  });
  const shootingId = await nextId('shooting', 10_000);
  const files: string[] = [];
  for (const index of [0, 1]) {
    const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 40 + index * 80, g: 90, b: 160 } } }).jpeg().toBuffer();
    const [original, thumbnail] = [mediaKeys.original(listing.id, shootingId, index), mediaKeys.thumbnail(listing.id, shootingId, index)];
    await putMediaObject(original, image);
    await putMediaObject(thumbnail, image);
    files.push(original, thumbnail);
    await insertPicture({ listing_id: listing.id, shooting_id: shootingId, picture_index: index, original_key: original, thumbnail_key: thumbnail, is_purchased: false, created_at: new Date().toISOString() });
  }
  return { id: listing.id, token, files };
}

describe('purgeListingCache (part 3 §7)', () => {
  it("deletes the listing's cached ZIPs only, answers how many; the next download builds them again", async () => {
    const listing = await deliveredListing('rue de la Purge');
    const other = await deliveredListing('rue Voisine');
    const all = keyOf(bodyOf(await callOp(downloadAllPictures, { token: listing.token })).url);
    const mls = keyOf(bodyOf(await callOp(downloadMlsPictures, { token: listing.token })).url);
    const kept = keyOf(bodyOf(await callOp(downloadAllPictures, { token: other.token })).url);
    for (const key of [all, mls]) expect(key.startsWith(mediaKeys.zipsOfListing(listing.id))).toBe(true);
    for (const key of [all, mls, kept]) expect(await zipExists(key)).toBeGreaterThan(0);

    expect(bodyOf(await purge(listing.id, admin))).toEqual({ status: 200, deleted: 2 });
    expect(await zipExists(all)).toBeUndefined();
    expect(await zipExists(mls)).toBeUndefined();
    expect(await zipExists(kept)).toBeGreaterThan(0);
    for (const key of [...listing.files, ...other.files]) expect(await mediaObjectSize(key)).toBeGreaterThan(0);

    expect(bodyOf(await purge(listing.id, admin))).toEqual({ status: 200, deleted: 0 });

    const rebuilt = bodyOf(await callOp(downloadAllPictures, { token: listing.token }));
    expect(keyOf(rebuilt.url)).toBe(all);
    expect(rebuilt.entries).toBe(2);
    expect(await zipExists(all)).toBe(rebuilt.bytes);
  });

  it("moves the search index clock: the cached blocks of the stack's handler and of another container are read again", async () => {
    configureListingSearchCache({ settleMs: 0 });
    const w = `${word}a`;
    const listing = await insertListing({ address: `10 rue ${w}`, app: '', city: 'Laval', postalcode: 'H7X 1Y4', room_count: 4, is_house: true, lat: 45.5, lng: -73.7, state: 0, mls: null, broker_id: broker.id, broker: { firstname: broker.firstname, lastname: broker.lastname } });
    const search = async () => bodyOf(await callOp(searchListings, { search: w }, admin)).count;
    const parsed = parseListingSearch(w);
    if (!parsed.ok) throw new Error(parsed.message);
    const here = async () => (await searchListingRows(parsed.search, 100)).count;
    // The stack's handler keeps blocks read after its settle delay; this process keeps them at once.
    await sleep(LISTING_SEARCH_CACHE_DEFAULTS.settleMs + 100);
    expect([await search(), await search(), await here(), await here()]).toEqual([1, 1, 1, 1]);

    // A block entry written without a clock bump (a writer that died before its bump): the caches do not see it…
    const ghost = listing.id + 3_000_000;
    const row = { id: ghost, address: `11 rue ${w}`, app: '', city: 'Laval', postalcode: 'H7X 1Y4', mls: null, broker_id: broker.id, broker: { firstname: broker.firstname, lastname: broker.lastname }, shootingdate: null };
    const { pk, sk, gsi2pk, gsi2sk } = keys.listingSearchBlock(w, ghost);
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk, sk },
        UpdateExpression: 'SET gsi2pk = :g, gsi2sk = :s, #e = :e',
        ExpressionAttributeNames: { '#e': keys.listingSearchEntry(ghost) },
        ExpressionAttributeValues: { ':g': gsi2pk, ':s': gsi2sk, ':e': searchEntry(1, wordsOf(`${ghost} 11 rue ${w} laval h7x 1y4`), row) },
      }),
    );
    expect([await search(), await here()]).toEqual([1, 1]);

    // …until the purge moves the clock.
    const clock = async () => Number((await db.send(new GetCommand({ TableName: tableName(), Key: keys.listingSearchClock, ConsistentRead: true }))).Item?.n ?? 0);
    const before = await clock();
    bodyOf(await purge(listing.id, admin));
    expect(await clock()).toBeGreaterThan(before);
    expect([await search(), await here()]).toEqual([2, 2]);
  });

  it('is for the roles that edit a listing: post-production may, a broker, social media or sales staff may not (403); anonymous 401; unknown listing 404; bad id 400', async () => {
    const listing = await deliveredListing('rue des Droits');
    const zip = keyOf(bodyOf(await callOp(downloadAllPictures, { token: listing.token })).url);
    for (const role of [Role.broker, Role.social_medias, Role.sales]) errorOf(await purge(listing.id, (await tokenFor(role)).token), 403);
    errorOf(await purge(listing.id), 401);
    expect(await zipExists(zip)).toBeGreaterThan(0);
    expect(bodyOf(await purge(listing.id, (await tokenFor(Role.tech_postprod)).token)).deleted).toBe(1);
    errorOf(await purge(999_999_999, admin), 404);
    errorOf(await purge('abc', admin), 400);
  });
});
