import { ENV } from '#shared/data/design.ts';
import { requiredEnv } from './aws.ts';
import { attachmentDisposition, presignUrl } from './presign.ts';

/**
 * The media bucket (pictures, thumbnails, ZIPs): object keys and presigned GET URLs.
 * The bucket is private; the browser reads files through short-lived presigned URLs
 * (docs/decisions/0061-media-urls.md). Locally they point at s3rver, which allows GET from any origin.
 * Signing needs no S3 client (presign.ts); writing an object does: media-objects.ts (ADR 0410).
 */
export const mediaBucket = (): string => requiredEnv(ENV.mediaBucket);

const zipsOfListing = (listingId: number) => `zips/listings/${listingId}/`;

/** Object keys of the media bucket, composed here only. */
export const mediaKeys = {
  original: (listingId: number, shootingId: number, index: number) => `listings/${listingId}/shootings/${shootingId}/pictures/${pad(index)}.jpg`,
  thumbnail: (listingId: number, shootingId: number, index: number) => `listings/${listingId}/shootings/${shootingId}/thumbnails/${pad(index)}.jpg`,
  /** The watermarked rendition of a picture (functions/plumbing/renditions.ts). */
  watermarked: (listingId: number, shootingId: number, index: number) => `listings/${listingId}/shootings/${shootingId}/watermarked/${pad(index)}.jpg`,
  /** One ZIP per listing and picture set: the fingerprint changes when the set or a picture changes. */
  zip: (listingId: number, fingerprint: string) => `${zipsOfListing(listingId)}${fingerprint}.zip`,
  /** The prefix of every cached ZIP of a listing (download-all and MLS-ready), which a cache purge deletes (ADR 0550). */
  zipsOfListing: (listingId: number) => zipsOfListing(listingId),
  /** An automated video's MP4 (1920×1080 `landscape`, 1080×1920 `instagram`). */
  video: (listingId: number, videoId: number, variant: 'landscape' | 'instagram') => `listings/${listingId}/videos/${videoId}/${variant}.mp4`,
};

/** URLs are signed for this long… */
export const URL_LIFETIME_SECONDS = 2 * 3600;
/** …from the start of the current hour, so the same file keeps the same URL for an hour and browsers cache it. */
const SIGNING_WINDOW_MS = 3600_000;

export interface SignOptions {
  /** Cache-busting date suffix (`v=`): the file's last change, so a changed file gets a new URL. */
  version: string;
  /** Answer the file as an attachment with this name. */
  downloadName?: string;
  now?: Date;
}

/**
 * A presigned GET of a media object carrying the cache-busting `v` query parameter, which the
 * signature covers.
 */
export async function mediaUrl(key: string, { version, downloadName, now = new Date() }: SignOptions): Promise<string> {
  const signingDate = new Date(Math.floor(now.getTime() / SIGNING_WINDOW_MS) * SIGNING_WINDOW_MS);
  return presignUrl({
    method: 'GET',
    bucket: mediaBucket(),
    key,
    query: {
      ...(downloadName ? { 'response-content-disposition': attachmentDisposition(downloadName) } : {}),
      v: cacheBuster(version),
    },
    expiresInSeconds: URL_LIFETIME_SECONDS,
    signingDate,
  });
}

/** The date suffix: compact UTC date-time of the file's last change, e.g. 20261122T062154Z. */
export function cacheBuster(version: string): string {
  const date = new Date(version);
  if (Number.isNaN(date.getTime())) return version.replace(/[^A-Za-z0-9]/g, '');
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** 'Index plus a slug of the address' (part 3 §9): 03-1200-rue-sherbrooke-ouest-montreal.jpg */
export function pictureFileName(index: number, address: string, city = ''): string {
  return `${pad(index + 1, 2)}-${slug(`${address} ${city}`)}.jpg`;
}

export function slug(text: string): string {
  return (
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'listing'
  );
}

function pad(n: number, width = 3): string {
  return String(n).padStart(width, '0');
}

/**
 * Save-to-file-sharing (part 1 §2.9) is offered only when configured (the deploy setting
 * fileSharingSaveUrl): a URL template with `{url}` (the ZIP's URL) and `{name}` (its file name), e.g.
 * a file-sharing service's "save from URL" page. Unset by default, so the button is hidden.
 */
export function fileSharingSetting(env: NodeJS.ProcessEnv = process.env): { save_url_template: string } | null {
  const template = env[ENV.fileSharingSaveUrl]?.trim();
  return template && /^https:\/\//.test(template) && template.includes('{url}') ? { save_url_template: template } : null;
}
