import { MantineProvider } from '@mantine/core';
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import fr from './locales/fr.json';
import { LogSearchForm } from './log-search-form.tsx';

async function render(serverError: string | undefined): Promise<string> {
  const instance = i18next.createInstance();
  await instance.init({ lng: 'fr', resources: { fr: { translation: fr }, en: { translation: en } }, interpolation: { escapeValue: false } });
  return renderToStaticMarkup(
    <MantineProvider>
      <I18nextProvider i18n={instance}>
        <LogSearchForm initial="" onSearch={() => undefined} serverError={serverError}>
          <p data-results="">50 requêtes affichées</p>
        </LogSearchForm>
      </I18nextProvider>
    </MantineProvider>,
  );
}

describe('the search box of screen 14', () => {
  it('shows the results of the search under it', async () => {
    expect(await render(undefined)).toContain('data-results');
  });

  it('hides the earlier results while it says a refusal (here a 400 from the server)', async () => {
    const html = await render('Unknown keyword "path:".');
    expect(html).toContain('Unknown keyword &quot;path:&quot;.');
    expect(html).not.toContain('data-results');
  });
});
