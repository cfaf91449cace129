import { loadSharp } from './sharp.ts';

/**
 * The MLS-ready rendition of a picture (docs/decisions/0250-mls-ready-download.md): what Centris
 * accepts without touching it. A JPEG in sRGB (the ICC profile embedded, other metadata dropped),
 * longest side at most MLS_MAX_SIDE and never enlarged, under MLS_MAX_BYTES: the quality is lowered
 * step by step (MLS_QUALITIES) until the file fits, and only if the lowest quality still does not fit
 * is the picture made smaller (MLS_FALLBACK_SIDES). Made from the unwatermarked file.
 */

/** Centris scales anything larger down to 1920 px on the longest side. */
export const MLS_MAX_SIDE = 1920;
/** Centris refuses files over 10 MB; half of it leaves room for any later re-encoding on their side. */
export const MLS_MAX_BYTES = 5 * 1024 * 1024;
/** Qualities tried in turn, best first. */
export const MLS_QUALITIES = [90, 85, 80, 75, 70, 65, 60, 55, 50] as const;
/** Longest sides tried in turn when the lowest quality is still too heavy (never reached by a real photo at 5 MB). */
const MLS_FALLBACK_SIDES = [1600, 1280, 1024, 800, 640] as const;
/** Changes when the rendition changes, so cached MLS ZIPs are rebuilt. */
export const MLS_RENDITION_VERSION = 'mls-1';

export interface MlsJpeg {
  data: Buffer;
  width: number;
  height: number;
  quality: number;
}

/** The MLS-ready JPEG of `image` (any format sharp reads, any colour space, any EXIF orientation). */
export async function mlsJpeg(image: Buffer, maxBytes = MLS_MAX_BYTES): Promise<MlsJpeg> {
  const sharp = await loadSharp();
  // Decoded once (orientation applied, transparency on white, converted to sRGB through the input's profile); every try encodes these pixels.
  const { data, info } = await sharp(image, { failOn: 'none' })
    .rotate()
    .resize(MLS_MAX_SIDE, MLS_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  const encode = (quality: number, side?: number) => {
    let picture = sharp(data, pixels);
    if (side !== undefined) picture = picture.resize(side, side, { fit: 'inside', withoutEnlargement: true });
    return picture.withIccProfile('srgb').jpeg({ quality, chromaSubsampling: '4:2:0' }).toBuffer({ resolveWithObject: true });
  };
  const lowest = MLS_QUALITIES[MLS_QUALITIES.length - 1]!;
  for (const side of [undefined, ...MLS_FALLBACK_SIDES]) {
    for (const quality of side === undefined ? MLS_QUALITIES : [lowest]) {
      const out = await encode(quality, side);
      if (out.data.length <= maxBytes) return { data: out.data, width: out.info.width, height: out.info.height, quality };
    }
  }
  throw new Error(`picture cannot be brought under ${maxBytes} bytes`);
}
