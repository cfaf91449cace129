import sharp from 'sharp';
import yauzl from 'yauzl';
import { mediaKeys } from '#functions/plumbing/media.ts';
import { putMediaObject } from '#functions/plumbing/media-objects.ts';
import { nextId } from '#functions/plumbing/ids.ts';
import { thumbnail, watermark } from '#functions/plumbing/renditions.ts';
import { insertListing, newDistributionToken } from '#functions/storage/listings.ts';
import { insertPicture } from '#functions/storage/pictures.ts';
import { ListingState } from '#shared/enums.ts';
import { Role } from '#shared/roles.ts';
import { demoAccount } from '../../scripts/local/demo-accounts.ts';

/**
 * A delivery for the MLS-ready download tests (ADR 0250), of the demo broker, with its own token:
 * real JPEGs of several sizes and colour spaces, put in a slideshow order unlike their stored order,
 * one of them watermarked on the page, one without a thumbnail (not delivered); its virtual tour is published.
 */
export interface MlsPictureSpec {
  width: number;
  height: number;
  /** Position in the slideshow (order_index). */
  order: number;
  cmyk?: boolean;
  watermarked?: boolean;
  noThumbnail?: boolean;
}

/** Stored order (picture_index) → what each picture is. The slideshow order is 1, 2, 0, 3; picture 4 has no thumbnail. */
export const MLS_PICTURES: readonly MlsPictureSpec[] = [
  { width: 3000, height: 2000, order: 2 },
  { width: 1200, height: 900, order: 0 },
  { width: 2000, height: 3000, order: 1, cmyk: true, watermarked: true },
  { width: 2400, height: 1600, order: 3 },
  { width: 2400, height: 1600, order: 4, noThumbnail: true },
];

/** The sizes the MLS ZIP must hold, in its order (the watermarked picture left out): longest side 1920 at most, never enlarged. */
export const MLS_EXPECTED_SIZES = [
  [1200, 900],
  [1920, 1280],
  [1920, 1280],
] as const;

/** A dark picture with a light band per index: different pictures, and a white watermark shows plainly on it. */
async function picture(spec: MlsPictureSpec, index: number): Promise<Buffer> {
  const band = `<svg xmlns="http://www.w3.org/2000/svg" width="${spec.width}" height="${spec.height}"><rect x="0" y="${(spec.height / 10) * (index + 1)}" width="${spec.width}" height="${spec.height / 12}" fill="rgb(200,${60 + index * 30},80)"/></svg>`;
  const image = sharp({ create: { width: spec.width, height: spec.height, channels: 3, background: { r: 20, g: 30 + index * 10, b: 60 } } }).composite([{ input: Buffer.from(band) }]);
  return spec.cmyk ? image.toColourspace('cmyk').jpeg({ quality: 92 }).toBuffer() : image.jpeg({ quality: 92 }).toBuffer();
}

export interface MlsListing {
  id: number;
  address: string;
  token: string;
  broker: { firstname: string; lastname: string };
  /** Original files by picture_index. */
  originals: Buffer[];
  /** The watermarked renditions by picture_index (the page's file for a watermarked picture). */
  watermarked: Map<number, Buffer>;
}

export async function mlsListing(specs: readonly MlsPictureSpec[] = MLS_PICTURES): Promise<MlsListing> {
  const broker = demoAccount(Role.broker);
  const token = newDistributionToken();
  const address = `${(await nextId('mls-test-listing')) % 100_000} avenue du Centris`;
  const listing = await insertListing({
    address,
    app: '',
    city: 'Montréal',
    postalcode: 'H2X 1Y4',
    room_count: 5,
    is_house: true,
    is_existing_listing: false,
    lat: 45.51,
    lng: -73.57,
    state: ListingState.vr_ready,
    picture_url: null,
    mls: null,
    broker_id: broker.id,
    broker: { firstname: broker.firstname, lastname: broker.lastname },
    distribution_token: token,
  });
  const shootingId = await nextId('shooting', 10_000);
  const originals: Buffer[] = [];
  const watermarked = new Map<number, Buffer>();
  for (const [index, spec] of specs.entries()) {
    const original = await picture(spec, index);
    originals.push(original);
    const originalKey = mediaKeys.original(listing.id, shootingId, index);
    await putMediaObject(originalKey, original);
    let thumbnailKey: string | null = null;
    if (!spec.noThumbnail) {
      thumbnailKey = mediaKeys.thumbnail(listing.id, shootingId, index);
      await putMediaObject(thumbnailKey, await thumbnail(original));
    }
    let watermarkedKey: string | null = null;
    if (spec.watermarked) {
      const rendition = await watermark(original);
      watermarked.set(index, rendition);
      watermarkedKey = mediaKeys.watermarked(listing.id, shootingId, index);
      await putMediaObject(watermarkedKey, rendition);
    }
    await insertPicture({
      listing_id: listing.id,
      shooting_id: shootingId,
      picture_index: index,
      original_key: originalKey,
      thumbnail_key: thumbnailKey,
      public: true,
      is_validated: true,
      show_watermark: !!spec.watermarked,
      watermarked_key: watermarkedKey,
      order_index: spec.order,
      created_at: new Date().toISOString(),
    });
  }
  return { id: listing.id, address, token, broker: { firstname: broker.firstname, lastname: broker.lastname }, originals, watermarked };
}

/** The entries of a ZIP, in their order, with their bytes. */
export function zipFiles(buffer: Buffer): Promise<{ name: string; data: Buffer }[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('not a zip'));
      const out: { name: string; data: Buffer }[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            out.push({ name: entry.fileName, data: Buffer.concat(chunks) });
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** Mean absolute difference per channel (0–255) between two pictures, compared at `a`'s size in sRGB. */
export async function meanDifference(a: Buffer, b: Buffer): Promise<number> {
  const { width = 1, height = 1 } = await sharp(a).metadata();
  const pixels = (image: Buffer) => sharp(image).resize(width, height, { fit: 'fill' }).toColourspace('srgb').removeAlpha().raw().toBuffer();
  const [pa, pb] = await Promise.all([pixels(a), pixels(b)]);
  let sum = 0;
  for (let i = 0; i < pa.length; i++) sum += Math.abs(pa[i]! - pb[i]!);
  return sum / pa.length;
}
