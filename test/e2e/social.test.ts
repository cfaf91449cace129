import { describe, expect, it } from 'vitest';
import { ownStack } from '../support/provided.ts';
import { getUser, findUserByEmail } from '#functions/storage/users.ts';
import { DEMO_SOCIAL_PAGES } from '#functions/plumbing/social-pages.ts';
import { Role } from '#shared/roles.ts';
import { demoAccount } from '../../scripts/local/demo-accounts.ts';
import { SECOND_BROKER } from '../../scripts/local/seed/brokers-listings.ts';
import { useBrowser } from './browser.ts';
import { BROWSER_LOCALE, loginAs, textsIn } from './fixtures.ts';

/**
 * Part 3 screen 11 "Social page linking" as an administrator lives it, in French then English:
 * Save with nothing chosen says 'Please select both facebook page and broker!'; then a broker
 * found by search, a page of the (local demo) provider chosen by its preview, Save: 'Save
 * successfully!', and the page is no longer offered.
 */
const baseUrl = ownStack().baseUrl;
const browser = useBrowser(baseUrl);

describe.each([
  ['fr', 0],
  ['en', 1],
] as const)('social page linking, in %s', (lang, pageIndex) => {
  const t = textsIn(lang);

  it('links a page to a broker found by search', async () => {
    const broker = lang === 'fr' ? demoAccount(Role.broker) : (await findUserByEmail(SECOND_BROKER.email))!;
    const target = DEMO_SOCIAL_PAGES[pageIndex]!;
    const { page } = await browser.visit({ locale: BROWSER_LOCALE[lang] });
    await loginAs(page, Role.admin, lang);
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto('/facebook_page_manager');
    await page.getByRole('heading', { level: 1, name: t('route.facebook_page_manager') }).waitFor();
    await page.getByText(t('social.demo_text')).waitFor();

    await page.getByRole('button', { name: t('social.save') }).click();
    const refusal = page.getByRole('dialog');
    await refusal.getByText(t('social.both_required')).waitFor();
    await refusal.getByRole('button', { name: t('common.ok') }).click();
    await refusal.waitFor({ state: 'hidden' });

    await page.getByRole('combobox', { name: t('social.broker') }).fill(broker.email.slice(0, 8));
    await page.getByRole('option', { name: `${broker.firstname} ${broker.lastname} (${broker.email})` }).click();
    await page.getByRole('radio', { name: target.page_name }).check();
    await page.getByRole('button', { name: t('social.save') }).click();
    const saved = page.getByRole('dialog');
    await saved.getByText(t('social.saved')).waitFor();
    await saved.getByRole('button', { name: t('common.ok') }).click();

    await page.getByText(t('social.current_page', { page: target.page_name })).waitFor();
    await expect.poll(() => page.getByRole('radio', { name: target.page_name }).count()).toBe(0);
    expect((await getUser(broker.id))?.broker_facebook_business_page?.page_id).toBe(target.page_id);
  });
});
