import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** First-load assets of the built web app: the entry script, its modulepreloads and stylesheets. */
export function firstLoadSizes(webDist: string): { jsGzip: number; cssGzip: number; files: string[] } {
  const html = readFileSync(join(webDist, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  let jsGzip = 0;
  let cssGzip = 0;
  for (const ref of new Set(refs)) {
    const bytes = gzipSync(readFileSync(join(webDist, ref)), { level: 9 }).length;
    if (ref.endsWith('.js')) jsGzip += bytes;
    else cssGzip += bytes;
  }
  return { jsGzip, cssGzip, files: [...new Set(refs)] };
}

export interface BundleEntry {
  id: string;
  /** The bundle file, relative to the repository root. */
  file: string;
  bytes: number;
}

export function lambdaBundleSizes(manifestPath: string): BundleEntry[] {
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: run npm run build:functions`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as BundleEntry[] | { bundles: BundleEntry[] };
  return Array.isArray(manifest) ? manifest : manifest.bundles;
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
