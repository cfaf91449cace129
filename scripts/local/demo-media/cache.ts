import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { drawDemoPicture, ORIGINAL_SIZE, THUMBNAIL_SIZE, type DemoPicture } from './images.ts';

/**
 * Drawing and encoding a 1280×853 JPEG in pure JS takes ~150 ms, so generated files are kept in
 * .tmp/demo-media (git-ignored): the first seed draws them, later seeds (every test run) reuse them.
 */
const CACHE_DIR = resolve(import.meta.dirname, '../../../.tmp/demo-media');
const GENERATOR_VERSION = 1;

function cached(picture: DemoPicture, size: { width: number; height: number }): Buffer {
  const name = createHash('sha256').update(JSON.stringify([GENERATOR_VERSION, picture, size])).digest('hex').slice(0, 24);
  const file = join(CACHE_DIR, `${name}.jpg`);
  if (existsSync(file)) return readFileSync(file);
  const bytes = drawDemoPicture(picture, size);
  mkdirSync(CACHE_DIR, { recursive: true });
  writeFileSync(file, bytes);
  return bytes;
}

export const demoOriginal = (picture: DemoPicture) => cached(picture, ORIGINAL_SIZE);
export const demoThumbnail = (picture: DemoPicture) => cached(picture, THUMBNAIL_SIZE);
