import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import en from './locales/en.json';
import fr from './locales/fr.json';
import { updatedAgo } from './file-times.ts';

const translator = async (lng: 'fr' | 'en') => {
  const instance = i18next.createInstance();
  await instance.init({ lng, resources: { fr: { translation: fr }, en: { translation: en } }, interpolation: { escapeValue: false } });
  return instance.t;
};

describe("a cloud file's update time", () => {
  const now = Date.UTC(2026, 10, 24, 15, 0, 0);

  it("says a file updated under a minute ago was updated just now, in the screen's language", async () => {
    const [tf, te] = await Promise.all([translator('fr'), translator('en')]);
    for (const ago of [0, 10_000, 59_999]) {
      expect(updatedAgo(tf, now - ago, now, 'fr')).toBe("à l'instant");
      expect(updatedAgo(te, now - ago, now, 'en')).toBe('just now');
    }
    // A time slightly ahead of this computer's clock is now too.
    expect(updatedAgo(te, now + 5_000, now, 'en')).toBe('just now');
  });

  it('counts minutes, hours and days from a minute on', async () => {
    const [tf, te] = await Promise.all([translator('fr'), translator('en')]);
    expect(updatedAgo(te, now - 60_000, now, 'en')).toBe('1 minute ago');
    expect(updatedAgo(tf, now - 60_000, now, 'fr')).toBe('il y a 1 minute');
    expect(updatedAgo(tf, now - 3 * 3_600_000, now, 'fr')).toBe('il y a 3 heures');
    expect(updatedAgo(te, now - 2 * 86_400_000, now, 'en')).toBe('2 days ago');
  });

  it('speaks the language it is given, whatever the translator was started in', async () => {
    const te = await translator('en');
    expect(updatedAgo(te, now, now, 'fr')).toBe("à l'instant");
  });
});
