import { beforeAll, describe, expect, it } from 'vitest';
import { ownStack } from '../support/provided.ts';
import { insertListing } from '#functions/storage/listings.ts';
import { getListingsWithoutMls, getMlsMatches } from '#shared/catalogue/mls.ts';
import { Role } from '#shared/roles.ts';
import { landingPath } from '#shared/routes.ts';
import { demoAccount } from '../../scripts/local/demo-accounts.ts';
import { tokenFor } from '../support/api.ts';
import { bodyOf, callOp } from '../support/operations.ts';
import { waitForProviderImport } from '../support/provider-import.ts';
import { useBrowser, waitForPath } from './browser.ts';
import { BROWSER_LOCALE, loginAs, textsIn, type Lang } from './fixtures.ts';

/**
 * Part 3 screens 6 and 7 (/ListingMlsMatch) as a technician lives them, in French then English:
 * the three tabs of the automatic matching with a known match (the demo listing the provider
 * writes 'St-Paul E.'), and a listing without MLS given its number with Save MLS, after which the
 * list no longer holds it.
 */
const baseUrl = ownStack().baseUrl;
const browser = useBrowser(baseUrl);

let tech: string;
beforeAll(async () => {
  expect((await waitForProviderImport()).status).toBe('imported');
  tech = (await tokenFor(Role.tech_capture)).token;
}, 300_000);

async function techOnMatchPage(lang: Lang) {
  const t = textsIn(lang);
  const { page } = await browser.visit({ locale: BROWSER_LOCALE[lang] });
  const account = await loginAs(page, Role.tech_capture, lang);
  await waitForPath(page, landingPath(account.role));
  await page.goto('/ListingMlsMatch');
  await page.getByRole('heading', { level: 1, name: t('route.ListingMlsMatch') }).waitFor();
  return page;
}

describe.each(['fr', 'en'] as const)('MLS match-making, in %s', (lang) => {
  const t = textsIn(lang);

  it('shows each listing in its tab: a known match, our MLS the provider does not have, and those without MLS', async () => {
    const page = await techOnMatchPage(lang);
    const { counts, items } = bodyOf(await callOp(getMlsMatches, {}, tech));
    await page.getByText(t('mls.counts', counts)).first().waitFor();

    // Matched: the provider writes this address '45 St-Paul E.' and has our MLS for it.
    expect(await page.getByRole('tab', { name: t('mls.tab.associated'), exact: true }).getAttribute('aria-selected')).toBe('true');
    const known = items.find((i) => i.listing.address === '45 rue Saint-Paul Est')!;
    const knownRow = page.getByRole('row').filter({ hasText: `${known.listing.id} · 45 rue Saint-Paul Est` });
    await knownRow.getByText(t('mls.outcome.matched'), { exact: true }).waitFor();
    await knownRow.getByText(new RegExp(`^${known.provider!.mls} · `)).waitFor();
    expect(await knownRow.getByLabel(t('mls.mls_of', { id: known.listing.id })).inputValue()).toBe(known.listing.mls);

    // Not matched: the listing whose MLS the provider does not list.
    await page.getByRole('tab', { name: t('mls.tab.unassociated'), exact: true }).click();
    const unknown = items.find((i) => i.listing.mls === '19000001')!;
    const unknownInput = page.getByLabel(t('mls.mls_of', { id: unknown.listing.id }));
    await expect.poll(() => unknownInput.inputValue()).toBe('19000001');
    await expect.poll(() => page.getByLabel(t('mls.mls_of', { id: known.listing.id })).count()).toBe(0);

    // No MLS: every row without a number of ours; an ambiguous one shows its candidates.
    await page.getByRole('tab', { name: t('mls.tab.mlsNull'), exact: true }).click();
    const withoutMls = items.filter((i) => i.tab === 'mlsNull');
    expect(withoutMls.length).toBeGreaterThan(0);
    const first = withoutMls[0]!;
    await page.getByLabel(t('mls.mls_of', { id: first.listing.id })).waitFor();
    await expect.poll(() => page.getByLabel(t('mls.mls_of', { id: unknown.listing.id })).count()).toBe(0);
    const ambiguous = withoutMls.find((i) => i.outcome === 'ambiguous');
    if (ambiguous) {
      const row = page.getByRole('row').filter({ has: page.getByLabel(t('mls.mls_of', { id: ambiguous.listing.id })) });
      await row.getByText(t('mls.outcome.ambiguous'), { exact: true }).waitFor();
      for (const c of ambiguous.candidates) await row.getByText(new RegExp(`^${c.mls} · `)).waitFor();
    }
  });

  it('saves the MLS of a listing without one, and the list refreshes without it', async () => {
    const broker = demoAccount(Role.broker);
    const listing = await insertListing({
      address: `${100 + (Date.now() % 800)} rue des Essais-${lang.toUpperCase()}`,
      city: 'Laval',
      postalcode: 'H7A 1A1',
      room_count: 3,
      is_house: true,
      lat: 45.6,
      lng: -73.7,
      state: 0,
      broker_id: broker.id,
      broker: { firstname: broker.firstname, lastname: broker.lastname },
    });
    const mls = String(30_000_000 + (Date.now() % 9_000_000) + (lang === 'fr' ? 0 : 1));
    const page = await techOnMatchPage(lang);
    await page.getByRole('tab', { name: t('mls.tab.without'), exact: true }).click();

    // The newest listing comes first; the input keeps digits only and refuses a short number.
    const input = page.getByLabel(t('mls.mls_of', { id: listing.id }));
    const row = page.getByRole('row').filter({ has: input });
    await row.getByRole('link', { name: listing.address }).waitFor();
    await input.fill('12a3');
    expect(await input.inputValue()).toBe('123');
    await row.getByRole('button', { name: t('mls.save') }).click();
    await row.getByText(t('mls.mls_invalid')).waitFor();

    await input.fill(mls);
    await row.getByRole('button', { name: t('mls.save') }).click();
    await input.waitFor({ state: 'detached' });
    const left = bodyOf(await callOp(getListingsWithoutMls, {}, tech)).listings;
    expect(left.some((l) => l.id === listing.id)).toBe(false);
    // It now has our MLS, which the provider does not list: the 'Not matched' tab shows it.
    await page.getByRole('tab', { name: t('mls.tab.unassociated'), exact: true }).click();
    await expect.poll(() => page.getByLabel(t('mls.mls_of', { id: listing.id })).inputValue()).toBe(mls);
  });
});
