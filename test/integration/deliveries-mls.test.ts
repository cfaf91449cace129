import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, callOp, errorOf } from '../support/operations.ts';
import { MLS_EXPECTED_SIZES, meanDifference, mlsListing, zipFiles, type MlsListing } from '../support/mls-listing.ts';
import { MLS_MAX_BYTES, MLS_MAX_SIDE } from '#functions/plumbing/mls-rendition.ts';
import { listingsOfBroker } from '#functions/storage/listings.ts';
import { downloadAllPictures, downloadMlsPictures, getDeliveriesFromToken, NO_MLS_PICTURE } from '#shared/catalogue/deliveries.ts';
import { Role } from '#shared/roles.ts';
import { demoAccount } from '../../scripts/local/demo-accounts.ts';

/** The description of an sRGB ICC profile ('sRGB', UTF-16 big-endian). */
const SRGB_DESCRIPTION = Buffer.from('\0s\0R\0G\0B', 'latin1');

let listing: MlsListing;
beforeAll(async () => {
  listing = await mlsListing();
}, 120_000);

describe('downloadMlsPictures (public, ADR 0250)', () => {
  it('answers a ZIP of MLS-ready JPEGs: delivered pictures not watermarked, numbered in the slideshow order, at most 1920 px, sRGB, under the limit', async () => {
    const res = bodyOf(await callOp(downloadMlsPictures, { token: listing.token }));
    expect(res.entries).toBe(3); // 5 stored, one without a thumbnail, one watermarked (not bought)
    expect(res.filename).toMatch(/-mls\.zip$/);
    const file = await fetch(res.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain(res.filename);
    const buffer = Buffer.from(await file.arrayBuffer());
    expect(buffer.length).toBe(res.bytes);

    const entries = await zipFiles(buffer);
    expect(entries.map((e) => e.name.slice(0, 3))).toEqual(['01-', '02-', '03-']);
    for (const entry of entries) expect(entry.name).toMatch(/^\d\d-\d+-avenue-du-centris-montreal\.jpg$/);
    const sizes = [];
    for (const entry of entries) {
      const meta = await sharp(entry.data).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.space).toBe('srgb');
      expect(meta.icc?.includes(SRGB_DESCRIPTION)).toBe(true);
      expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(MLS_MAX_SIDE);
      expect(entry.data.length).toBeLessThanOrEqual(MLS_MAX_BYTES);
      sizes.push([meta.width, meta.height]);
    }
    // The slideshow order (1, 2, 0, 3 of the stored order, 2 left out), told apart by size; the small one is not enlarged.
    expect(sizes).toEqual(MLS_EXPECTED_SIZES.map((s) => [...s]));
    // None is the watermarked picture's original.
    for (const entry of entries) expect(await meanDifference(entry.data, listing.originals[2]!)).toBeGreaterThan(1);
  }, 120_000);

  it('the delivery page says when the virtual tour is published (its viewer is linked from the page)', async () => {
    expect(bodyOf(await callOp(getDeliveriesFromToken, { token: listing.token })).listing.tour_published).toBe(true);
    const notPublished = (await listingsOfBroker(demoAccount(Role.broker).id, 1000)).items.find((l) => l.address === '45 rue Saint-Paul Est')!;
    expect(bodyOf(await callOp(getDeliveriesFromToken, { token: notPublished.distribution_token! })).listing.tour_published).toBe(false);
  });

  it('reuses the ZIP it built, apart from the download-all one', async () => {
    const first = bodyOf(await callOp(downloadMlsPictures, { token: listing.token }));
    const again = bodyOf(await callOp(downloadMlsPictures, { token: listing.token }));
    expect(new URL(again.url).pathname).toBe(new URL(first.url).pathname);
    const all = bodyOf(await callOp(downloadAllPictures, { token: listing.token }));
    expect(new URL(all.url).pathname).not.toBe(new URL(first.url).pathname);
    expect(all.entries).toBe(4);
  }, 120_000);

  it('download-all gives a watermarked picture as the page does, its watermarked rendition, never its clean original', async () => {
    const all = bodyOf(await callOp(downloadAllPictures, { token: listing.token }));
    const entries = await zipFiles(Buffer.from(await (await fetch(all.url)).arrayBuffer()));
    // Page order is the slideshow's: the watermarked picture (stored 2) is the second.
    expect(entries[1]!.data.equals(listing.watermarked.get(2)!)).toBe(true);
    expect(entries.filter((e) => e.data.equals(listing.originals[2]!))).toEqual([]);
    expect(entries[0]!.data.equals(listing.originals[1]!)).toBe(true);
  }, 120_000);

  it('answers 422 when every picture is watermarked: none may go to the MLS until bought', async () => {
    const watermarked = await mlsListing([{ width: 1200, height: 900, order: 0, watermarked: true }]);
    expect(errorOf(await callOp(downloadMlsPictures, { token: watermarked.token }), 422).message).toBe(NO_MLS_PICTURE);
    expect(bodyOf(await callOp(downloadAllPictures, { token: watermarked.token })).entries).toBe(1);
  }, 120_000);

  it('answers 400 for junk, 404 for an unknown token and 422 when no picture is ready', async () => {
    for (const token of ['short', 'x'.repeat(200), '../../etc/passwd-0123456789', 'abc def ghi jkl mno', '%00%00%00%00%00%00%00%00']) {
      errorOf(await callOp(downloadMlsPictures, { token }), 400);
    }
    errorOf(await callOp(downloadMlsPictures, { token: randomBytes(32).toString('base64url') }), 404);
    const empty = (await listingsOfBroker(demoAccount(Role.broker).id, 1000)).items.find((l) => l.address === '350 boulevard des Laurentides')!;
    errorOf(await callOp(downloadMlsPictures, { token: empty.distribution_token! }), 422);
  });
});
