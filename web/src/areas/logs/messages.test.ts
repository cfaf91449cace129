import i18next, { type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { LOG_SEARCH_ERROR_CODES, logSearchMessage, parseLogSearch } from '#shared/logs/search.ts';
import { ApiError } from '../../api/client.ts';
import en from './locales/en.json';
import fr from './locales/fr.json';
import { searchErrorText, serverRefusalText, shownText } from './messages.ts';

/** The area's own texts in a language, through i18next as the app uses them (plural forms included). */
async function textsOf(lng: 'fr' | 'en'): Promise<TFunction> {
  const instance = i18next.createInstance();
  await instance.init({ lng, resources: { fr: { translation: fr }, en: { translation: en } }, interpolation: { escapeValue: false } });
  return instance.t;
}

const CODES = LOG_SEARCH_ERROR_CODES;

describe('the count of requests shown (screen 14)', () => {
  it('is singular for 0 and 1 in French, with or without the total', async () => {
    const t = await textsOf('fr');
    expect(shownText(t, 'fr', 0, null)).toBe('0 requête affichée');
    expect(shownText(t, 'fr', 0, 0)).toBe('0 requête affichée sur 0');
    expect(shownText(t, 'fr', 1, 1)).toBe('1 requête affichée sur 1');
    expect(shownText(t, 'fr', 1, null)).toBe('1 requête affichée');
    expect(shownText(t, 'fr', 50, 62)).toBe('50 requêtes affichées sur 62');
    expect(shownText(t, 'fr', 2, null)).toBe('2 requêtes affichées');
  });

  it('is singular for 1 only in English', async () => {
    const t = await textsOf('en');
    expect(shownText(t, 'en', 0, null)).toBe('0 requests shown');
    expect(shownText(t, 'en', 0, 0)).toBe('0 requests shown of 0');
    expect(shownText(t, 'en', 1, 1)).toBe('1 request shown of 1');
    expect(shownText(t, 'en', 1, null)).toBe('1 request shown');
    expect(shownText(t, 'en', 50, 1200)).toBe('50 requests shown of 1,200');
  });
});

describe("a refused search's text", () => {
  it.each(['fr', 'en'] as const)('exists in %s for every code of the parser', async (lng) => {
    const t = await textsOf(lng);
    for (const code of CODES) expect(searchErrorText(t, { code, word: 'du' }), code).not.toContain('logs.error.');
  });

  it('tells a date out of range from a malformed one, in both languages and as the server says it in English', async () => {
    const [tFr, tEn] = [await textsOf('fr'), await textsOf('en')];
    const outOfRange = parseLogSearch('du:1900-01-01', '2026-11-22');
    const malformed = parseLogSearch('du:2026-02-30', '2026-11-22');
    if (outOfRange.ok || malformed.ok) throw new Error('expected both searches to be refused');
    expect(searchErrorText(tFr, outOfRange.error)).toBe('« du: » prend une date entre 2000-01-01 et 2099-12-31.');
    expect(searchErrorText(tFr, malformed.error)).toBe('« du: » prend une date AAAA-MM-JJ.');
    expect(searchErrorText(tEn, outOfRange.error)).toBe(logSearchMessage(outOfRange.error));
    expect(searchErrorText(tEn, malformed.error)).toBe(logSearchMessage(malformed.error));
  });

  it.each(['tooLong', 'tooManyWords', 'rangeTooWide'] as const)('says the limit of %s as the parser holds it, in English as the server does', async (code) => {
    expect(searchErrorText(await textsOf('en'), { code })).toBe(logSearchMessage({ code }));
  });
});

describe("the server's refusal of a search (400)", () => {
  const refusal = (details: unknown) => new ApiError(400, 'bad_request', 'The search is refused.', { search: ['A status is a number.'] }, details);

  it("is said in the page's language when it names its code, the charts' days-only rule included", async () => {
    const t = await textsOf('fr');
    expect(serverRefusalText(t, refusal({ code: 'badStatus', word: 'status' }))).toBe('« status: » prend un code HTTP entre 100 et 599.');
    expect(serverRefusalText(t, refusal({ code: 'chartsDaysOnly' }))).toBe('Les graphiques ne prennent que du:, au: et date:.');
  });

  it("falls back to the server's words on the search field for details it does not know, and is nothing for other errors", async () => {
    const t = await textsOf('fr');
    expect(serverRefusalText(t, refusal({ code: 'toString' }))).toBe('A status is a number.');
    expect(serverRefusalText(t, refusal({ code: 'badStatus', word: 7 }))).toBe('A status is a number.');
    expect(serverRefusalText(t, refusal(undefined))).toBe('A status is a number.');
    expect(serverRefusalText(t, new ApiError(500, 'server_error', 'Boom'))).toBeUndefined();
    // A page cursor refused while scrolling is no search refusal: the screen shows a load error, not English words.
    expect(serverRefusalText(t, new ApiError(400, 'bad_request', 'Invalid input.', { cursor: ['This page cursor is not valid for this list; start again from the first page.'] }))).toBeUndefined();
    expect(serverRefusalText(t, null)).toBeUndefined();
  });
});
