import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { firstLoadSizes, routeChunkSizes } from './sizes.ts';

/** A built web app in miniature: minified chunks importing each other the way rolldown writes them. */
const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
mkdirSync(join(dist, 'assets'));
const chunks: Record<string, string> = {
  'index-a.js': 'import{t as e}from"./shared-b.js";import"./side-c.js";const l=()=>import(`./area-big-d.js`),m=()=>import("./area-small-e.js");',
  'shared-b.js': 'export const t=1;',
  'side-c.js': 'document.title="x";',
  'area-big-d.js': `import{t}from"./shared-b.js";import{m}from"./map-f.js";export const s=${JSON.stringify('x'.repeat(3000))};`,
  'area-small-e.js': 'import{t}from"./shared-b.js";export const s=t;',
  'map-f.js': `export const m=${JSON.stringify(Array.from({ length: 4000 }, (_, i) => i).join(','))};`,
};
for (const [file, code] of Object.entries(chunks)) writeFileSync(join(dist, 'assets', file), code);
writeFileSync(
  join(dist, 'index.html'),
  '<script type="module" src="/assets/index-a.js"></script><link rel="modulepreload" href="/assets/shared-b.js"><link rel="modulepreload" href="/assets/side-c.js">',
);
const gz = (...files: string[]) => files.reduce((sum, file) => sum + gzipSync(chunks[file]!, { level: 9 }).length, 0);

afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('web bundle sizes', () => {
  it('counts the entry and its modulepreloads as the first load', () => {
    const first = firstLoadSizes(dist);
    expect(first.files).toEqual(['/assets/index-a.js', '/assets/shared-b.js', '/assets/side-c.js']);
    expect(first.jsGzip).toBe(gz('index-a.js', 'shared-b.js', 'side-c.js'));
  });

  it('sizes each lazy chunk with what it imports statically beyond the first load, largest first', () => {
    expect(routeChunkSizes(dist)).toEqual([
      { file: '/assets/area-big-d.js', jsGzip: gz('area-big-d.js', 'map-f.js') },
      { file: '/assets/area-small-e.js', jsGzip: gz('area-small-e.js') },
    ]);
  });
});
