import { createHash } from 'node:crypto';
import { NO_MLS_PICTURE } from '#shared/catalogue/deliveries.ts';
import { notFound, unprocessable } from '../plumbing/errors.ts';
import { mediaKeys, mediaUrl, pictureFileName, slug } from '../plumbing/media.ts';
import { MLS_RENDITION_VERSION, mlsJpeg } from '../plumbing/mls-rendition.ts';
import { readMediaObject } from '../plumbing/renditions.ts';
import { buildZipInBucket, zipExists, type ZipEntry } from '../plumbing/zip.ts';
import { findListingByToken } from '../storage/listings.ts';
import { deliverable, deliveredFile, picturesOfListing, type StoredPicture } from '../storage/pictures.ts';

/**
 * The ZIPs of a delivery page, both built the same way (docs/decisions/0062-download-all-zip.md):
 * pictures of the page, in its order, streamed into one object of the media bucket named by a
 * fingerprint of the set (a second request reuses it), answered as a presigned URL.
 * - `all`: every picture of the page, each as the page delivers it (download-all).
 * - `mls`: the MLS-ready rendition of each picture the broker may put on the MLS, numbered in the
 *   slideshow order (docs/decisions/0250-mls-ready-download.md). A watermarked picture, one not
 *   bought, is left out: the MLS forbids watermarks, and its clean file is not the broker's.
 */
export type DeliveryZipKind = 'all' | 'mls';

export interface DeliveryZip {
  url: string;
  filename: string;
  entries: number;
  bytes: number;
}

const ENTRIES: Record<DeliveryZipKind, (pictures: StoredPicture[], listing: { address: string; city: string }) => ZipEntry[]> = {
  // Named by position on the page: each shooting numbers its pictures from 0, so two shootings' would share names.
  all: (pictures, listing) =>
    pictures.map((p, position) => ({ key: deliveredFile(p), name: pictureFileName(position, listing.address, listing.city), mtime: new Date(p.updated_at) })),
  mls: (pictures, listing) =>
    pictures
      .filter((p) => !p.show_watermark)
      .map((p, position) => {
        const key = deliveredFile(p);
        return {
          key,
          name: pictureFileName(position, listing.address, listing.city),
          mtime: new Date(p.updated_at),
          content: async () => (await mlsJpeg(await readMediaObject(key))).data,
        };
      }),
};

export async function deliveryZip(token: string, kind: DeliveryZipKind, log: (...parts: unknown[]) => void): Promise<DeliveryZip> {
  const listing = await findListingByToken(token);
  if (!listing) throw notFound('We cannot find this listing');
  const pictures = deliverable(await picturesOfListing(listing.id));
  if (pictures.length === 0) throw unprocessable('No pictures are ready for this listing yet.');

  const entries = ENTRIES[kind](pictures, listing);
  if (entries.length === 0) throw unprocessable(NO_MLS_PICTURE);
  const parts = entries.map((e) => [e.key, e.name, e.mtime?.toISOString()]);
  const fingerprint = createHash('sha256')
    .update(JSON.stringify(kind === 'mls' ? [MLS_RENDITION_VERSION, ...parts] : parts))
    .digest('base64url')
    .slice(0, 22);
  const key = mediaKeys.zip(listing.id, fingerprint);
  let bytes = await zipExists(key);
  if (bytes === undefined) {
    const started = Date.now();
    bytes = await buildZipInBucket(entries, key);
    log('zip built', { kind, key, entries: entries.length, bytes, ms: Date.now() - started });
  }
  const filename = `${slug(`${listing.address} ${listing.city}`)}${kind === 'mls' ? '-mls' : ''}.zip`;
  return { url: await mediaUrl(key, { version: fingerprint, downloadName: filename }), filename, entries: entries.length, bytes };
}
