import { describe, expect, it } from 'vitest';
import { readdirSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ShootingState } from '#shared/enums.ts';
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
/** Option names i18next takes for itself, never usable as a text's placeholder. */
const RESERVED_PLACEHOLDERS = ['lng', 'lngs', 'ns', 'defaultValue', 'context', 'returnObjects', 'keySeparator', 'nsSeparator', 'fallbackLng', 'replace'];

it('uses no i18next option name as a placeholder in the shell catalogues either', () => {
  const shell = ['fr', 'en'].flatMap((lang) => [...leafKeys(JSON.parse(readFileSync(join(import.meta.dirname, 'locales', `${lang}.json`), 'utf8')))]);
  expect(shell.filter(([, value]) => RESERVED_PLACEHOLDERS.some((name) => String(value).includes(`{{${name}}}`))).map(([key]) => key)).toEqual([]);
});

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
      // i18next reads these options as its own: a value passed as `lng` is taken for the language to translate into.
      expect(RESERVED_PLACEHOLDERS.filter((name) => String(value).includes(`{{${name}}}`)), `${area}: ${key}`).toEqual([]);
    }
  });
});

/** Words of a text, without its {{placeholders}} and search-syntax tokens (status:500). */
const words = (text: string) => text.replace(/\{\{[^}]*\}\}/g, ' ').split(/\s+/).filter((w) => /^[\p{L}'’-]{2,}[!.:,]?$/u.test(w));

/**
 * Texts the same in both languages that the spec gives as they are: its own French role list says
 * 'Social Media', and its English list of the review tabs says 'post-production incomplet' (part 3 screen 4).
 */
const SAME_IN_BOTH = new Set(['Social Media', 'post-production incomplet ({{count}})']);

describe('one language at a time', () => {
  const read = (area: string, lang: string) => leafKeys(JSON.parse(readFileSync(join(AREAS_DIR, area, 'locales', `${lang}.json`), 'utf8')));

  it("says 'capture' in French, never 'shooting' (the spec's French: 'Planification des captures', 'Rapport des captures')", () => {
    const english = areas.flatMap((area) => [...read(area, 'fr')].filter(([, v]) => /\bshootings?\b/i.test(String(v).replace(/\{\{[^}]*\}\}/g, ''))).map(([key, v]) => `${area}: ${key} = ${String(v)}`));
    expect(english).toEqual([]);
  });

  it('has no English sentence or phrase in a French catalogue (a text of two words or more the same in both)', () => {
    const same = areas.flatMap((area) => {
      const e = read(area, 'en');
      return [...read(area, 'fr')].filter(([key, v]) => typeof v === 'string' && v === e.get(key) && words(v).length >= 2 && !SAME_IN_BOTH.has(v)).map(([key, v]) => `${area}: ${key} = ${String(v)}`);
    });
    expect(same).toEqual([]);
  });

  it.each([
    ['planner', 'planner.locked_alert', 'Tech is currently locked for the day!'],
    ['planner', 'shootingdashboard.no_shootings', 'has no shootings'],
    ['planner', 'plannermap.open', 'Map'],
    ['social', 'social.both_required', 'Please select both facebook page and broker!'],
    ['social', 'social.saved', 'Save successfully!'],
    ['social', 'social.save_failed', 'Save failed!'],
    ['zones', 'zones.tab_create', 'Create Zone'],
    ['zones', 'zones.undo', 'UNDO'],
    ['zones', 'zones.no_shape', 'Please mark the zone on the map before saving it!'],
    ['zones', 'zones.no_name', 'Please set the zone name before saving it!'],
    ['zones', 'zones.unexpected', 'An unexpected error has occured:'],
    ['mls', 'mls.save', 'Save MLS'],
    ['listings', 'listings.dialog.review_photos', 'Review Photos'],
    ['videos', 'videos.create_failed', 'Error'],
    ['listings', 'badlistings.missing', 'MISSING'],
    ['listings', 'badlistings.no_data', 'NO DATA'],
  ])("%s: the spec's English text %s is shown verbatim in English and in French in the French interface", (area, key, text) => {
    expect(read(area, 'en').get(key)).toBe(text);
    const french = read(area, 'fr').get(key);
    expect(typeof french === 'string' && french !== text).toBe(true);
  });

  /**
   * Quebec typography (OQLF, docs/decisions/0730): a space before ':', none before ';', '?' or '!', as in the
   * spec's 'êtes-vous certain de vouloir quitter?'. Search commands ('du:', '« {{word}}: »') are typed, not prose; only
   * the three a text names bare ('du:', 'au:', 'date:') are let through, so any other word's colon is checked.
   */
  it("punctuates French the Quebec way: 'Bureau : …', 'entre-temps; …', 'maintenant?'", () => {
    const prose = (text: string) => text.replace(/«[^»]*»/g, '«»').replace(/(^|[\s(])(du|au|date):(?=[\s,.]|$)/g, '$1');
    const catalogues = [['shell', leafKeys(fr)] as const, ...areas.map((area) => [area, read(area, 'fr')] as const)];
    const wrong = catalogues.flatMap(([area, texts]) =>
      [...texts].filter(([, v]) => typeof v === 'string' && (/[^\s]:(\s|$)/.test(prose(v)) || /[ \u00a0\u202f][;?!]/.test(v))).map(([key, v]) => `${area}: ${key} = ${String(v)}`),
    );
    expect(wrong).toEqual([]);
  });

  it("says 'usager' in French, the spec's word ('L'usager existe déjà.'), never 'utilisateur'", () => {
    const catalogues = [['shell', leafKeys(fr)] as const, ...areas.map((area) => [area, read(area, 'fr')] as const)];
    expect(catalogues.flatMap(([area, texts]) => [...texts].filter(([, v]) => /utilisat(eur|rice)/i.test(String(v))).map(([key]) => `${area}: ${key}`))).toEqual([]);
  });

  // A screen that lists a shooting's state names it, whatever the state (a bare '7' is no name).
  it.each([
    ['users', 'users.state'],
    ['review', 'review.state'],
    ['listings', 'listings.shooting_state'],
  ])('%s: %s names every shooting state in both languages', (area, table) => {
    for (const lang of ['fr', 'en']) {
      const named = read(area, lang);
      for (const id of Object.values(ShootingState)) expect(named.get(`${table}.${id}`), `${lang} ${table}.${id}`).toBeTruthy();
    }
  });
});
