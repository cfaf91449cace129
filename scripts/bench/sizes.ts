import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const gzipBytes = (webDist: string, ref: string) => gzipSync(readFileSync(join(webDist, ref)), { level: 9 }).length;

/** First-load assets of the built web app: the entry script, its modulepreloads and stylesheets. */
export function firstLoadSizes(webDist: string): { jsGzip: number; cssGzip: number; files: string[] } {
  const html = readFileSync(join(webDist, 'index.html'), 'utf8');
  const refs = [...new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!))];
  let jsGzip = 0;
  let cssGzip = 0;
  for (const ref of refs) {
    if (ref.endsWith('.js')) jsGzip += gzipBytes(webDist, ref);
    else cssGzip += gzipBytes(webDist, ref);
  }
  return { jsGzip, cssGzip, files: refs };
}

/** `import … from "./x.js"` / `import "./x.js"` (static) and `import("./x.js")` (lazy) in a built chunk, as /assets/ paths. */
function chunkImports(webDist: string, ref: string): { static: string[]; lazy: string[] } {
  const code = readFileSync(join(webDist, ref), 'utf8');
  const asset = (file: string) => `/assets/${file}`;
  return {
    static: [...code.matchAll(/\bimport\s*(?:[\w$*{},\s]+?\s*from\s*)?["'`]\.\/([^"'`]+\.js)["'`]/g)].map((m) => asset(m[1]!)),
    lazy: [...code.matchAll(/\bimport\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)/g)].map((m) => asset(m[1]!)),
  };
}

export interface RouteChunk {
  /** The lazily imported chunk, e.g. /assets/area-shootings-<hash>.js (web/vite.config.ts names area chunks). */
  file: string;
  /** Gzipped JS fetched when it loads: the chunk and what it imports statically, less the first load. */
  jsGzip: number;
}

/**
 * The chunks the first load imports lazily (each area's screens, the login form, …), each with the
 * JS it brings beyond the first load, largest first.
 */
export function routeChunkSizes(webDist: string): RouteChunk[] {
  const firstLoad = new Set(firstLoadSizes(webDist).files);
  const lazy = new Set([...firstLoad].filter((ref) => ref.endsWith('.js')).flatMap((ref) => chunkImports(webDist, ref).lazy));
  const chunks = [...lazy].filter((ref) => !firstLoad.has(ref)).map((file) => {
    const fetched = new Set<string>();
    const visit = (ref: string) => {
      if (firstLoad.has(ref) || fetched.has(ref) || !existsSync(join(webDist, ref))) return;
      fetched.add(ref);
      chunkImports(webDist, ref).static.forEach(visit);
    };
    visit(file);
    return { file, jsGzip: [...fetched].reduce((sum, ref) => sum + gzipBytes(webDist, ref), 0) };
  });
  return chunks.sort((a, b) => b.jsGzip - a.jsGzip);
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
