import { MantineProvider } from '@mantine/core';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { ListingRow } from '#shared/catalogue/listings.ts';
import en from './locales/en.json';
import fr from './locales/fr.json';
import { ListingsTable } from './listings-page.tsx';

// The page's dialog and map register their texts in the app's i18n when loaded: the table needs neither.
vi.mock('./listing-dialog.tsx', () => ({ ListingDialog: () => null }));
vi.mock('./listings-map.tsx', () => ({ ListingsMap: () => null }));

const row: ListingRow = {
  id: 42,
  address: '12 rue des Pourcentages',
  app: '',
  city: 'Laval',
  postalcode: 'H7N 1A1',
  mls: null,
  broker: { id: 7, firstname: 'Anne', lastname: 'Courtier' },
  shootingdate: null,
  visitor: 3,
  session: 4,
  completed: 12,
  average_minutes: 1.5,
};

/** The texts of the table's cells, in a language. */
async function cells(lng: 'en' | 'fr'): Promise<string[]> {
  const instance = i18next.createInstance();
  await instance.init({ lng, resources: { fr: { translation: fr }, en: { translation: en } }, interpolation: { escapeValue: false } });
  const html = renderToStaticMarkup(
    <MantineProvider>
      <I18nextProvider i18n={instance}>
        <ListingsTable rows={[row]} onOpen={() => undefined} />
      </I18nextProvider>
    </MantineProvider>,
  );
  return [...html.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, ''));
}

describe('the listings table', () => {
  it("writes 'Completed (%)' as the reader does: '12%' in English, '12 %' in French (the locale's own space)", async () => {
    expect(await cells('en')).toContain('12%');
    const french = await cells('fr');
    const completed = french.find((c) => /^12\s%$/.test(c));
    expect(completed, french.join(' | ')).toBeDefined();
    // Intl's own no-break space, never the ordinary space written by hand.
    expect(completed).toBe(new Intl.NumberFormat('fr-CA', { style: 'percent' }).format(0.12));
    expect(completed).not.toBe('12 %');
  });
});
