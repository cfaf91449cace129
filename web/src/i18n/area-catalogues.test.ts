import { describe, expect, it } from 'vitest';
import { readdirSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fr from './locales/fr.json';

/** Every area catalogue holds the same keys in fr and en, no empty value, and no key the shell already defines. */
const AREAS_DIR = join(import.meta.dirname, '../areas');

function leafKeys(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) for (const [kk, vv] of leafKeys(v, prefix ? `${prefix}.${k}` : k)) out.set(kk, vv);
  } else out.set(prefix, value);
  return out;
}

const areas = readdirSync(AREAS_DIR).filter((a) => existsSync(join(AREAS_DIR, a, 'locales', 'fr.json')) || existsSync(join(AREAS_DIR, a, 'locales', 'en.json')));
const shellKeys = new Set(leafKeys(fr).keys());

it('finds the area catalogues', () => {
  expect(areas.length).toBeGreaterThan(0);
});

describe.each(areas)('area catalogues: %s', (area) => {
  it('has the same keys in French and English, none empty, none clashing with the shell', () => {
    const read = (lang: string) => leafKeys(JSON.parse(readFileSync(join(AREAS_DIR, area, 'locales', `${lang}.json`), 'utf8')));
    const f = read('fr');
    const e = read('en');
    expect([...f.keys()].sort()).toEqual([...e.keys()].sort());
    for (const [key, value] of [...f, ...e]) {
      expect(typeof value === 'string' && value.trim().length > 0, `${area}: ${key}`).toBe(true);
      expect(shellKeys.has(key), `${area}: ${key} is already in the shell catalogue`).toBe(false);
    }
  });
});
