import { createHash } from 'node:crypto';
import { downloadAllPictures } from '#shared/catalogue/deliveries.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { notFound, unprocessable } from '../plumbing/errors.ts';
import { findListingByToken } from '../storage/listings.ts';
import { mediaKeys, mediaUrl, pictureFileName, slug } from '../plumbing/media.ts';
import { deliverable, picturesOfListing } from '../storage/pictures.ts';
import { buildZipInBucket, zipExists } from '../plumbing/zip.ts';

/**
 * Download-all: one ZIP of the pictures the page shows, built once per picture set by streaming the
 * files from the media bucket into a multipart upload in the media bucket, then answered as a
 * presigned URL (docs/decisions/0062-download-all-zip.md).
 */
export const handler = apiHandler(downloadAllPictures, async ({ token }, { log }) => {
  const listing = await findListingByToken(token);
  if (!listing) throw notFound('We cannot find this listing');
  const pictures = deliverable(await picturesOfListing(listing.id));
  if (pictures.length === 0) throw unprocessable('No pictures are ready for this listing yet.');

  const entries = pictures.map((p) => ({
    key: p.distrib_key ?? p.original_key,
    name: pictureFileName(p.picture_index, listing.address, listing.city),
    mtime: new Date(p.updated_at),
  }));
  const fingerprint = createHash('sha256')
    .update(JSON.stringify(entries.map((e) => [e.key, e.name, e.mtime.toISOString()])))
    .digest('base64url')
    .slice(0, 22);
  const key = mediaKeys.zip(listing.id, fingerprint);
  let bytes = await zipExists(key);
  if (bytes === undefined) {
    const started = Date.now();
    bytes = await buildZipInBucket(entries, key);
    log('zip built', { key, entries: entries.length, bytes, ms: Date.now() - started });
  }
  const filename = `${slug(`${listing.address} ${listing.city}`)}.zip`;
  return { url: await mediaUrl(key, { version: fingerprint, downloadName: filename }), filename, entries: entries.length, bytes };
});
