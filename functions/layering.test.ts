import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The layering of functions/ (docs/contributing.md, ADR 0120): imports run one way only,
 * handlers → use-cases → storage → plumbing, and anything → shared/. A module may import its own
 * layer or a lower one; a handler never imports another handler (not even a type); ids come
 * from plumbing/ids.ts, not from an entity's module.
 */
const ROOT = dirname(fileURLToPath(import.meta.url));
const LAYERS = ['plumbing', 'storage', 'use-cases'] as const;
const HANDLERS = 3;
/** Local dates come from shared/rules/business-time.ts, never through the API catalogue (ADR 0121). */
const BUSINESS_TIME_VIA_CATALOGUE = /import[^;]*\b(?:addDays|dayStartMs|localDateOf|daysBetween|halfDayStarted|BUSINESS_TIME_ZONE)\b[^;]*from\s*['"]#shared\/catalogue\//;
/** The one home of the id counter. */
const IDS = 'plumbing/ids.ts';

function layerOf(file: string): number {
  const top = relative(ROOT, file).split('/')[0]!;
  const index = (LAYERS as readonly string[]).indexOf(top);
  return index === -1 ? HANDLERS : index;
}

const layerName = (layer: number) => LAYERS[layer] ?? 'handlers';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Every module specifier a file imports or re-exports (static, dynamic and type-only). */
export function importsOf(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;'"]*?from\s*['"]([^'"]+)['"]/g)) found.push(match[1]!);
  for (const match of text.matchAll(/(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g)) found.push(match[1]!);
  for (const match of text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(match[1]!);
  return found;
}

/** The functions/ file a specifier names, or undefined when it points elsewhere (shared/, packages). */
function target(from: string, specifier: string): string | undefined {
  if (specifier.startsWith('#functions/')) return join(ROOT, specifier.slice('#functions/'.length));
  if (!specifier.startsWith('.')) return undefined;
  const path = resolve(dirname(from), specifier);
  return path.startsWith(ROOT + '/') ? path : undefined;
}

export function violations(files: readonly string[] = sources(ROOT)): string[] {
  const out: string[] = [];
  for (const file of files) {
    const layer = layerOf(file);
    const text = readFileSync(file, 'utf8');
    if (relative(ROOT, file) !== IDS && text.includes('keys.counter(')) out.push(`${relative(ROOT, file)}: writes an id counter outside ${IDS}`);
    if (BUSINESS_TIME_VIA_CATALOGUE.test(text)) out.push(`${relative(ROOT, file)}: takes business time from the API catalogue, not shared/rules/business-time.ts`);
    for (const specifier of importsOf(text)) {
      const to = target(file, specifier);
      if (!to) continue;
      const toLayer = layerOf(to);
      const where = `${relative(ROOT, file)} → ${relative(ROOT, to)}`;
      if (toLayer > layer) out.push(`${where}: ${layerName(layer)} imports ${layerName(toLayer)}`);
      else if (layer === HANDLERS && toLayer === HANDLERS) out.push(`${where}: a handler imports another handler`);
      if (relative(ROOT, to) !== IDS && new RegExp(`import[^;]*\\bnextId\\b[^;]*from\\s*['"]${specifier.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"]`).test(text)) out.push(`${where}: takes ids from an entity module, not ${IDS}`);
    }
  }
  return out;
}

describe('functions/ layering', () => {
  it('finds the imports it checks (static, type-only, dynamic, re-exports)', () => {
    const text = ["import { a } from '../storage/a.ts';", "import type { B } from './b.ts';", "export { c } from '#functions/plumbing/c.ts';", "const d = await import('../d.ts');"].join('\n');
    expect(importsOf(text)).toEqual(['../storage/a.ts', './b.ts', '#functions/plumbing/c.ts', '../d.ts']);
  });

  it('imports run handlers → use-cases → storage → plumbing only, and no handler imports another', () => {
    expect(violations()).toEqual([]);
  });
});
