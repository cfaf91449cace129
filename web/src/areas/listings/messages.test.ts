import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { LISTING_MESSAGES, VISIT_RANGE_MAX_DAYS } from '#shared/catalogue/listings.ts';
import { DATE_MESSAGES } from '#shared/rules/business-time.ts';
import { parseListingSearch, SEARCH_MESSAGES } from '#shared/rules/listing-search.ts';
import { ApiError } from '../../api/client.ts';
import en from './locales/en.json';
import fr from './locales/fr.json';
import { listingMessage, refusalMessage } from './messages.ts';

const translator = async (lng: 'fr' | 'en') => {
  const instance = i18next.createInstance();
  await instance.init({ lng, resources: { fr: { translation: fr }, en: { translation: en } }, interpolation: { escapeValue: false } });
  return instance.t;
};

describe('listing messages in the reader language', () => {
  it('translates every search-command message, in French and in English', async () => {
    const [tf, te] = await Promise.all([translator('fr'), translator('en')]);
    for (const message of Object.values(SEARCH_MESSAGES)) {
      expect(listingMessage(te, message), message).toBe(message);
      expect(listingMessage(tf, message), message).not.toBe(message);
      expect(listingMessage(tf, message)).not.toBe(tf('listings.msg.invalid'));
    }
    const refused = parseListingSearch('maison mls:42');
    expect(refused.ok).toBe(false);
    expect(listingMessage(tf, refused.ok ? '' : refused.message)).toBe("La commande MLS s'écrit mls:null.");
  });

  it("reads a 400's first field message: the visit range and a bad date, with the limits filled in", async () => {
    const [tf, te] = await Promise.all([translator('fr'), translator('en')]);
    const range = new ApiError(400, 'bad_request', 'Invalid input.', { to: [LISTING_MESSAGES.range] });
    expect(refusalMessage(te, range)).toBe(LISTING_MESSAGES.range);
    expect(refusalMessage(tf, range)).toContain(`${VISIT_RANGE_MAX_DAYS} jours`);
    expect(refusalMessage(te, new ApiError(400, 'bad_request', 'Invalid input.', { from: [DATE_MESSAGES.calendarDate] }))).toBe(DATE_MESSAGES.calendarDate);
    expect(refusalMessage(tf, new ApiError(400, 'bad_request', 'Some other rule.'))).toBe("La demande n'est pas valide.");
  });
});
