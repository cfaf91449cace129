import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MLS_MAX_SIDE, MLS_QUALITIES, mlsJpeg } from './mls-rendition.ts';

/** Pseudo-random pixels: the heaviest picture to compress, so the size limit is reached. */
function noise(width: number, height: number, seed = 7): Buffer {
  const bytes = Buffer.alloc(width * height * 3);
  let x = seed;
  for (let i = 0; i < bytes.length; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    bytes[i] = x >>> 24;
  }
  return bytes;
}
const raw = (width: number, height: number) => sharp(noise(width, height), { raw: { width, height, channels: 3 } });
/** The embedded profile is sRGB: its description is 'sRGB' (UTF-16, big-endian). */
const SRGB_DESCRIPTION = Buffer.from('\0s\0R\0G\0B', 'latin1');

describe('mlsJpeg (ADR 0250)', () => {
  it('turns a large CMYK picture into an sRGB JPEG whose longest side is 1920, at the best quality that fits', async () => {
    const cmyk = await raw(2400, 1600).toColourspace('cmyk').jpeg({ quality: 95 }).toBuffer();
    expect((await sharp(cmyk).metadata()).space).toBe('cmyk');
    const out = await mlsJpeg(cmyk);
    const meta = await sharp(out.data).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', space: 'srgb', width: MLS_MAX_SIDE, height: 1280 });
    expect(meta.icc?.includes(SRGB_DESCRIPTION)).toBe(true);
    expect(out).toMatchObject({ width: 1920, height: 1280, quality: MLS_QUALITIES[0] });

    // A limit under that size: the quality goes down step by step until the file fits, the size stays.
    const limit = Math.floor(out.data.length * 0.8);
    const lighter = await mlsJpeg(cmyk, limit);
    expect(lighter.data.length).toBeLessThanOrEqual(limit);
    expect(lighter.quality).toBeLessThan(MLS_QUALITIES[0]);
    expect(MLS_QUALITIES).toContain(lighter.quality);
    expect(lighter.width).toBe(1920);
  }, 120_000);

  it('never enlarges, applies the EXIF orientation, and keeps a portrait a portrait', async () => {
    const small = await mlsJpeg(await raw(800, 600).jpeg().toBuffer());
    expect([small.width, small.height]).toEqual([800, 600]);
    // Stored 2400 × 1200 with orientation 6 (turned a quarter): seen 1200 × 2400.
    const turned = await mlsJpeg(await raw(2400, 1200).withMetadata({ orientation: 6 }).jpeg().toBuffer());
    expect([turned.width, turned.height]).toEqual([960, 1920]);
    expect((await sharp(turned.data).metadata()).orientation).toBeUndefined();
  }, 60_000);

  it('makes the picture smaller only when the lowest quality cannot fit, and says so when nothing fits', async () => {
    const heavy = await raw(2000, 1500).jpeg({ quality: 95 }).toBuffer();
    const atLowest = await mlsJpeg(heavy, 1_000_000_000);
    const limit = 150_000;
    const out = await mlsJpeg(heavy, limit);
    expect(atLowest.width).toBe(1920);
    expect(out.data.length).toBeLessThanOrEqual(limit);
    expect(out.width).toBeLessThan(1920);
    await expect(mlsJpeg(heavy, 1000)).rejects.toThrow(/cannot be brought under 1000 bytes/);
  }, 120_000);
});
