import { describe, expect, it } from 'vitest';
import { ownStack } from '../support/provided.ts';
import type { Page } from 'playwright-core';
import { findUserByEmail, getUser, insertUser } from '#functions/storage/users.ts';
import { nextId } from '#functions/plumbing/ids.ts';
import { Subscription } from '#shared/enums.ts';
import { Role } from '#shared/roles.ts';
import { useBrowser, waitForPath } from './browser.ts';
import { BROWSER_LOCALE, loginAs, loginIn, textsIn, type Lang } from './fixtures.ts';

/**
 * Part 2 "User list and user form" as an administrator lives it: create a capture technician with
 * a depot, zones, a package and an offer (French, the spec's success text), log in as them; filter
 * the list by role and by name as one types (English); give a broker a subscription (each language; ADR 0305).
 */
const baseUrl = ownStack().baseUrl;
const browser = useBrowser(baseUrl);

async function adminOn(lang: Lang, path: string, title: string): Promise<Page> {
  const { page } = await browser.visit({ locale: BROWSER_LOCALE[lang] });
  await loginAs(page, Role.admin, lang);
  await waitForPath(page, '/shooting');
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  return page;
}

/** Opens a select or multi-select by its label and picks its first option (or the one named). */
async function pick(page: Page, label: string, option?: string): Promise<string> {
  await page.getByRole('combobox', { name: named(label) }).click();
  const choice = option ? page.getByRole('option', { name: option, exact: true }) : page.getByRole('listbox').getByRole('option').first();
  const name = (await choice.textContent()) ?? '';
  await choice.click();
  await page.keyboard.press('Escape');
  return name;
}

/** A field's accessible name: its label, and the asterisk of a required one. */
const named = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`);

const cardNames = (page: Page) => page.getByTestId('user-card').getByRole('link').allTextContents();

describe('users', () => {
  it('an administrator creates a capture technician with depot, zones, package and offer; the technician logs in (fr)', async () => {
    const t = textsIn('fr');
    const page = await adminOn('fr', '/users/add', t('route.users_add'));
    const stamp = Date.now().toString(36);
    const email = `tech.${stamp}@e2e.test`;
    // Saving empty shows the required fields.
    await page.getByRole('button', { name: t('users.save') }).click();
    await expect.poll(() => page.getByText(t('users.msg.required')).count()).toBeGreaterThan(2);

    await page.getByLabel(named(t('users.firstname'))).fill('  Régine ');
    await page.getByLabel(named(t('users.lastname'))).fill(`Technicienne ${stamp}`);
    await page.getByLabel(named(t('users.email'))).fill(email);
    await page.getByLabel(named(t('users.password'))).fill('court');
    await page.getByLabel(named(t('users.confirmation'))).fill('autre');
    await page.getByRole('textbox', { name: t('users.phone'), exact: true }).fill('appelez-moi');
    const notificationPhones = page.getByRole('combobox', { name: t('users.notification_phone'), exact: true });
    await notificationPhones.fill('514 555 0100');
    await notificationPhones.press('Enter');
    await notificationPhones.fill('pas un numéro');
    await notificationPhones.press('Enter');
    await pick(page, t('users.role_label'), t('users.role.4'));
    await pick(page, t('users.depot'));
    const main = await pick(page, t('users.zone'));
    const backup = await pick(page, t('users.backup_zones'));
    expect(backup).not.toBe(main);
    await pick(page, t('users.packages'));
    await pick(page, t('users.offers'));
    await page.getByRole('button', { name: t('users.save') }).click();
    await page.getByText(t('users.msg.too_short')).waitFor();
    // The bad number is named on each of its fields: the phone and the notification list.
    await expect.poll(() => page.getByText(t('users.msg.phone')).count()).toBe(2);
    expect(await notificationPhones.getAttribute('aria-invalid')).toBe('true');
    // Backspace in the empty box takes the last number back.
    await notificationPhones.press('Backspace');

    await page.getByRole('textbox', { name: t('users.phone'), exact: true }).fill('(514) 555-0199 poste 12');
    await page.getByLabel(named(t('users.password'))).fill('secret-e2e');
    await page.getByLabel(named(t('users.confirmation'))).fill('secret-e2e');
    await page.getByRole('button', { name: t('users.save') }).click();
    await expect(page.getByRole('status').filter({ hasText: "L'usager a été créé avec succès. Vous pouvez en créer un nouveau ou retourner à la liste." }).textContent()).resolves.toBeTruthy();
    expect((await findUserByEmail(email))?.notification_phone_number).toEqual(['514 555 0100']);

    // The same e-mail again: the spec's 409 text.
    await page.getByLabel(named(t('users.firstname'))).fill('Régine');
    await page.getByLabel(named(t('users.lastname'))).fill('Doublon');
    await page.getByLabel(named(t('users.email'))).fill(email.toUpperCase());
    await page.getByLabel(named(t('users.password'))).fill('secret-e2e');
    await page.getByLabel(named(t('users.confirmation'))).fill('secret-e2e');
    await pick(page, t('users.role_label'), t('users.role.6'));
    await page.getByRole('button', { name: t('users.save') }).click();
    await page.getByRole('alert').filter({ hasText: "L'usager existe déjà." }).waitFor();

    // The technician logs in with the new account.
    const { page: techPage } = await browser.visit({ locale: BROWSER_LOCALE.fr });
    await loginIn(techPage, 'fr', { email, password: 'secret-e2e' });
    await techPage.waitForURL((url) => url.pathname !== '/login');
    await techPage.getByRole('banner').getByRole('button', { name: `Régine Technicienne ${stamp}` }).waitFor();
  });

  it("names a technician's service offers and packages in English on the English form (en)", async () => {
    const t = textsIn('en');
    const page = await adminOn('en', '/users/add', t('route.users_add'));
    await pick(page, t('users.role_label'), t('users.role.4'));
    // A service offer's English name is its display_name, a package's its display_name_en.
    await pick(page, t('users.offers'), '2D photos');
    await pick(page, t('users.packages'), 'Essential');
  });

  it('filters the list by role and by name as one types (en)', async () => {
    const t = textsIn('en');
    const page = await adminOn('en', '/users', t('route.users'));
    await page.getByTestId('user-card').first().waitFor();
    const everyone = await cardNames(page);
    expect(everyone.length).toBeGreaterThan(5);

    // The spec's choices (part 2 §2): None, SuperAdmin ... Social Medias.
    const choices = await page.getByLabel(named(t('users.role_filter'))).locator('option').allTextContents();
    expect([choices[0], choices[1], choices.at(-3)]).toEqual(['None', 'SuperAdmin', 'Social Medias']);
    await page.getByLabel(named(t('users.role_filter'))).selectOption({ label: t('users.role.3') });
    await expect
      .poll(async () => {
        const cards = await page.getByTestId('user-card').allTextContents();
        return cards.length > 0 && cards.every((card) => card.includes(t('users.role.3')));
      })
      .toBe(true);
    const brokers = await cardNames(page);
    expect(brokers.length).toBeGreaterThan(0);
    expect(brokers.length).toBeLessThan(everyone.length);

    await page.getByLabel(named(t('users.role_filter'))).selectOption({ label: t('users.role_none') });
    const target = everyone[0]!.trim();
    const lastname = target.split(' ').at(-1)!;
    // Typed in upper case: the search compares in lower case.
    await page.getByLabel(named(t('users.search'))).pressSequentially(lastname.toUpperCase());
    await expect.poll(async () => (await cardNames(page)).every((name) => name.toLowerCase().includes(lastname.toLowerCase()))).toBe(true);
    expect(await cardNames(page)).toContain(target);
    await page.getByLabel(named(t('users.search'))).fill('zzzz-nobody');
    await expect.poll(() => page.getByTestId('users-count').textContent()).toBe(t('users.count_other', { count: 0 }));
  });

  it('offers a capture technician their own form only: the other cards are not links (fr)', async () => {
    const t = textsIn('fr');
    const { page } = await browser.visit({ locale: BROWSER_LOCALE.fr });
    const account = await loginAs(page, Role.tech_capture, 'fr');
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto('/users');
    await page.getByRole('heading', { level: 1, name: t('route.users') }).waitFor();
    await page.getByTestId('user-card').nth(1).waitFor();
    expect(await cardNames(page)).toEqual([`${account.firstname} ${account.lastname}`]);
    await page.getByTestId('user-card').getByRole('link').click();
    await waitForPath(page, `/users/edit/${account.id}`);
  });

  it('saves the form after a password change made on the same page, with what was typed before it (en)', async () => {
    const t = textsIn('en');
    const now = new Date().toISOString();
    const id = await nextId('user', 1000);
    await insertUser({ id, role: Role.client, firstname: 'Mot', lastname: `Passe ${id}`, email: `password-${id}@e2e.test`, password_hash: 'x', created_at: now, updated_at: now });
    const page = await adminOn('en', `/users/edit/${id}`, t('users.edit_title', { title: t('route.users_edit'), name: `Mot Passe ${id}` }));
    const form = page.getByRole('form', { name: t('users.form') });
    await form.getByLabel(named(t('users.lastname'))).fill(`Typed ${id}`);
    const password = page.getByRole('region', { name: t('users.password_title') });
    await password.getByLabel(named(t('users.new_password'))).fill('secret-e2e-2');
    await password.getByLabel(named(t('users.confirmation'))).fill('secret-e2e-2');
    await password.getByRole('button', { name: t('users.change_password') }).click();
    await password.getByRole('status').filter({ hasText: t('users.password_changed') }).waitFor();
    // The password change bumped the user's version; the form carries on from it with what was typed.
    expect(await form.getByLabel(named(t('users.lastname'))).inputValue()).toBe(`Typed ${id}`);
    await form.getByRole('button', { name: t('users.save') }).click();
    await form.getByRole('status').filter({ hasText: t('users.saved') }).waitFor();
    expect(await form.getByRole('alert').count()).toBe(0);
    await expect.poll(async () => (await getUser(id))?.lastname).toBe(`Typed ${id}`);
  });

  it('a role that may not create users reads so on /users/add, and saves its own profile without the fields it does not see (fr)', async () => {
    const t = textsIn('fr');
    const { page } = await browser.visit({ locale: BROWSER_LOCALE.fr });
    // The seeded post-production technician (role 5) has no depot, zone, package or offer.
    const account = await loginAs(page, Role.tech_postprod, 'fr');
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto('/users/add');
    await page.getByRole('heading', { level: 1, name: t('route.users_add') }).waitFor();
    await page.getByRole('status').filter({ hasText: t('users.add_not_for_role') }).waitFor();
    expect(await page.getByRole('button', { name: t('users.save') }).count()).toBe(0);

    await page.goto(`/users/edit/${account.id}`);
    await page.getByRole('heading', { level: 1, name: t('users.edit_title', { title: t('route.users_edit'), name: `${account.firstname} ${account.lastname}` }) }).waitFor();
    const phone = `514 555 ${String(Date.now() % 10_000).padStart(4, '0')}`;
    await page.getByLabel(named(t('users.phone'))).fill(phone);
    // The pixel is theirs to set too (not an admin-level field, part 2 §6).
    const pixel = `px-${Date.now() % 100_000}`;
    await page.getByLabel(named(t('users.pixel_id'))).fill(pixel);
    await page.getByRole('button', { name: t('users.save') }).click();
    await page.getByRole('status').filter({ hasText: t('users.saved') }).waitFor();
    await expect.poll(async () => (await getUser(account.id))?.phone_number).toBe(phone);
    expect((await getUser(account.id))?.pixel_id).toBe(pixel);

    // The fifth wrong old password locks the account (429): said in French, logging in included.
    await page.route((url) => url.pathname === `/api/users/${account.id}/password`, (route) =>
      route.fulfill({ status: 429, contentType: 'application/json', headers: { 'retry-after': '250' }, body: JSON.stringify({ error: { code: 'too_many_requests', message: 'Too many failed logins. Try again in 5 minutes.' } }) }),
    );
    const password = page.getByRole('region', { name: t('users.password_title') });
    await password.getByLabel(named(t('users.old_password'))).fill('not-the-password');
    await password.getByLabel(named(t('users.new_password'))).fill('secret-e2e-3');
    await password.getByLabel(named(t('users.confirmation'))).fill('secret-e2e-3');
    await password.getByRole('button', { name: t('users.change_password') }).click();
    await password.getByText(t('users.password_locked', { count: 5 })).waitFor();
    expect(await password.getByText('Too many failed logins', { exact: false }).count()).toBe(0);

    // A 409 that is not the wrong old password (the user changed meanwhile) does not say the old password was wrong.
    // (The latest route answers first.)
    await page.route((url) => url.pathname === `/api/users/${account.id}/password`, (route) =>
      route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ error: { code: 'conflict', message: 'This user changed meanwhile; reload the form and try again.' } }) }),
    );
    await password.getByRole('button', { name: t('users.change_password') }).click();
    await password.getByText(t('users.changed_meanwhile')).waitFor();
    expect(await password.getByText(t('users.old_password_invalid')).count()).toBe(0);
  });

  it("says so when the form's choices cannot be loaded (fr)", async () => {
    const t = textsIn('fr');
    const { page } = await browser.visit({ locale: BROWSER_LOCALE.fr });
    await loginAs(page, Role.admin, 'fr');
    await waitForPath(page, '/shooting');
    await page.route((url) => url.pathname === '/api/depots', (route) => route.abort());
    await page.goto('/users/add');
    await page.getByRole('heading', { level: 1, name: t('route.users_add') }).waitFor();
    await pick(page, t('users.role_label'), t('users.role.4'));
    await page.getByRole('alert').filter({ hasText: t('users.options_load_error') }).waitFor();
  });

  it.each([
    ['fr', Subscription.application],
    ['en', Subscription.platform],
  ] as const)("gives a broker a subscription, which the form reads back (%s)", async (lang, subscription) => {
    const t = textsIn(lang);
    const now = new Date().toISOString();
    const id = await nextId('user', 1000);
    await insertUser({ id, role: Role.broker, firstname: 'Abonnée', lastname: `Courtière ${id}`, email: `subscription-${id}@e2e.test`, password_hash: 'x', created_at: now, updated_at: now });
    const page = await adminOn(lang, `/users/edit/${id}`, t('users.edit_title', { title: t('route.users_edit'), name: `Abonnée Courtière ${id}` }));
    const field = page.getByRole('combobox', { name: named(t('users.subscription')) });
    expect(await field.inputValue()).toBe('');
    await pick(page, t('users.subscription'), t(`users.subscriptions.${subscription}`));
    await page.getByRole('button', { name: t('users.save') }).click();
    await page.getByRole('status').filter({ hasText: t('users.saved') }).waitFor();
    await expect.poll(async () => (await getUser(id))?.subscription_id).toBe(subscription);
    await page.reload();
    await expect.poll(() => field.inputValue()).toBe(t(`users.subscriptions.${subscription}`));
  });
});
