import { describe, expect, it } from 'vitest';
import { ROUTES, menuFor } from '#shared/routes.ts';
import { ALL_ROLES } from '#shared/roles.ts';
import en from './locales/en.json';
import fr from './locales/fr.json';
import usersFr from '../areas/users/locales/fr.json';
import reviewEn from '../areas/review/locales/en.json';
import { pickLanguage } from './language.ts';

function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      for (const [k, v] of flatten(child, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

const catalogues = { fr: flatten(fr), en: flatten(en) };

describe('i18n catalogues', () => {
  it.each([
    ['fr', 'en'],
    ['en', 'fr'],
  ] as const)('every %s key exists in %s', (from, to) => {
    const missing = [...catalogues[from].keys()].filter((key) => !catalogues[to].has(key));
    expect(missing).toEqual([]);
  });

  it.each(['fr', 'en'] as const)('%s has no empty value', (lang) => {
    const empty = [...catalogues[lang]].filter(([, value]) => typeof value !== 'string' || value.trim() === '');
    expect(empty).toEqual([]);
  });

  it('holds a title for every route and a label for every menu entry', () => {
    const keys = [...ROUTES.map((r) => r.titleKey), ...ALL_ROLES.flatMap((role) => menuFor(role).map((m) => m.labelKey))];
    expect(keys.filter((key) => !catalogues.en.has(key))).toEqual([]);
  });

  it('keeps the spec texts verbatim', () => {
    expect(catalogues.en.get('login.error_while_login')).toBe('Error while logging you in.');
    expect(catalogues.en.get('login.server_error')).toBe('Server Error');
    expect(catalogues.fr.get('bookshooting.city_not_supported')).toBe("Le service n'est pas disponible dans cette ville.");
    const users = flatten(usersFr);
    expect(users.get('users.msg.too_short')).toBe('Le mot de passe doit contenir six caractères.');
    expect(users.get('users.msg.mismatch')).toBe('La validation du mot de passe a échoué.');
    // Part 3 screen 4's four tabs, as the spec names them in English ('incomplet' included).
    const review = flatten(reviewEn);
    expect(['under_review', 'retouch', 'public_sent', 'incomplete'].map((tab) => review.get(`review.tab.${tab}`))).toEqual(['Under Review ({{count}})', 'Retouch ({{count}})', 'Public and Sent ({{count}})', 'post-production incomplet ({{count}})']);
  });
});

describe('pickLanguage', () => {
  it('prefers the stored choice, then the first browser language spoken, then French', () => {
    expect(pickLanguage('en', ['fr-CA'])).toBe('en');
    expect(pickLanguage(null, ['de-DE', 'en-US', 'fr'])).toBe('en');
    expect(pickLanguage('xx', ['fr-CA'])).toBe('fr');
    expect(pickLanguage(null, ['de'])).toBe('fr');
  });
});
