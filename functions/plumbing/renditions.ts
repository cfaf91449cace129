import { GetObjectCommand } from '@aws-sdk/client-s3';
import { s3 } from './s3.ts';
import { mediaBucket } from './media.ts';
import { putMediaObject } from './media-objects.ts';
import { loadSharp } from './sharp.ts';

/**
 * Renditions made from the real images with sharp, in the Lambda and locally alike
 * (docs/decisions/0212): the watermarked picture and thumbnails. Files are read from and written
 * to the media bucket.
 */

/** The text of the watermark. */
export const WATERMARK_TEXT = 'Immo Média';
/** Thumbnails: longest side in pixels. */
export const THUMBNAIL_MAX_SIDE = 480;

export async function readMediaObject(key: string): Promise<Buffer> {
  const { Body } = await s3.send(new GetObjectCommand({ Bucket: mediaBucket(), Key: key }));
  if (!Body) throw new Error(`media object ${key} is empty`);
  return Buffer.from(await Body.transformToByteArray());
}

/** A semi-transparent diagonal text across the picture, sized to its width. */
function watermarkSvg(width: number, height: number): Buffer {
  const size = Math.max(16, Math.round(width / 12));
  const escaped = WATERMARK_TEXT.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<text x="50%" y="50%" text-anchor="middle" dominant-baseline="middle" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="${size}" ` +
      `fill="white" fill-opacity="0.45" stroke="black" stroke-opacity="0.25" stroke-width="${Math.max(1, Math.round(size / 30))}" ` +
      `transform="rotate(-25 ${width / 2} ${height / 2})">${escaped}</text></svg>`,
  );
}

/** The picture with the watermark drawn over it, as a JPEG of the same size. */
export async function watermark(image: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  const { width = 1, height = 1 } = await sharp(image).metadata();
  return sharp(image).composite([{ input: watermarkSvg(width, height) }]).jpeg({ quality: 85, mozjpeg: true }).toBuffer();
}

/** A JPEG thumbnail, longest side THUMBNAIL_MAX_SIDE, never enlarged. */
export async function thumbnail(image: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(image).rotate().resize(THUMBNAIL_MAX_SIDE, THUMBNAIL_MAX_SIDE, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 80 }).toBuffer();
}

/** Reads `from`, writes its watermarked rendition to `to`. */
export async function writeWatermarked(from: string, to: string): Promise<void> {
  await putMediaObject(to, await watermark(await readMediaObject(from)));
}

/** Reads `from`, writes its thumbnail to `to`. */
export async function writeThumbnail(from: string, to: string): Promise<void> {
  await putMediaObject(to, await thumbnail(await readMediaObject(from)));
}
