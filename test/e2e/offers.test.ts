import { describe, expect, it } from 'vitest';
import { ownStack } from '../support/provided.ts';
import type { Locator, Page } from 'playwright-core';
import { Role } from '#shared/roles.ts';
import { createServiceOffer, deleteServiceOffer, getAllShootingPackages, getServiceOffer, updateServiceOffer, updateShootingPackage } from '#shared/catalogue/offers.ts';
import { PICTURE_UPLOAD_KEY } from '#shared/catalogue/shootings.ts';
import { tokenFor } from '../support/api.ts';
import { bodyOf, callOp } from '../support/operations.ts';
import type { InputOf } from '#shared/catalogue/operation.ts';
import { useBrowser, waitForPath } from './browser.ts';
import { BROWSER_LOCALE, loginAs, text as say, textsIn, type Lang } from './fixtures.ts';

/**
 * Part 3 screen 10 as an administrator lives it: the generic list / view / edit / create screens of
 * the service offers (in English) and of the shooting packages (in French): blank required fields
 * block saving with 'Required', a blank number is saved as 0, view mode is read-only and switches to
 * edit, deletion asks first, and a deletion refused because packages and technicians hold the offer
 * names them.
 */
const baseUrl = ownStack().baseUrl;
const browser = useBrowser(baseUrl);

async function adminOn(lang: Lang, path: string, titleKey: string): Promise<Page> {
  const { page } = await browser.visit({ locale: BROWSER_LOCALE[lang] });
  await loginAs(page, Role.admin, lang);
  await waitForPath(page, '/shooting');
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: say(lang, titleKey) }).waitFor();
  return page;
}

/** A field's accessible name: its label, with the required asterisk when the field is required. */
const labelled = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);

/** The form as the reader fills it: by label. */
function form(page: Page, lang: Lang) {
  const field = (name: string) => page.getByLabel(labelled(say(lang, `offers.field.${name}`)));
  return {
    field,
    fill: async (values: Record<string, string>) => {
      for (const [name, value] of Object.entries(values)) await field(name).fill(value);
    },
    choose: (name: string, yes: boolean) => page.getByRole('radiogroup', { name: labelled(say(lang, `offers.field.${name}`)) }).getByRole('radio', { name: say(lang, yes ? 'offers.yes' : 'offers.no') }).check(),
    select: (name: string, option: string) => field(name).selectOption({ label: say(lang, `offers.option.${name}.${option}`) }),
    errorOf: (name: string) => field(name).getAttribute('aria-invalid'),
  };
}

/** Answers the alert dialog titled `title`, after checking it says `text`. */
async function answer(page: Page, lang: Lang, title: string, text: string, button = say(lang, 'common.ok')): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByText(text).first().waitFor();
  await dialog.getByRole('button', { name: button }).click();
  await dialog.waitFor({ state: 'hidden' });
  return dialog;
}

const rowOf = (page: Page, keyName: string) => page.locator(`tbody tr[data-key="${keyName}"]`);

describe('catalogue screens', () => {
  it('an administrator creates, views, edits and deletes a service offer (English)', async () => {
    const lang = 'en';
    const t = textsIn(lang);
    const page = await adminOn(lang, '/manage_services', 'route.manage_services');
    const f = form(page, lang);
    // The seeded offers are listed.
    await rowOf(page, 'blue_hour').getByText('Blue hour', { exact: true }).waitFor();

    await page.getByRole('button', { name: t('offers.services.add') }).click();
    await page.getByRole('heading', { level: 1, name: t('offers.services.create_title') }).waitFor();
    // Nothing filled: blank required fields, booleans included, say 'Required' and nothing is saved.
    await page.getByRole('button', { name: t('offers.save') }).click();
    for (const name of ['key_name', 'display_name', 'description', 'zoho_item_id']) expect(await f.errorOf(name), name).toBe('true');
    // The boolean's message sits in its wrapper, beside the group of radios.
    await page.getByRole('radiogroup', { name: labelled(t('offers.field.available')) }).locator('xpath=..').getByText(t('offers.message.required')).waitFor();
    expect(await f.errorOf('description_fr')).not.toBe('true');
    expect(await page.getByRole('dialog').count()).toBe(0);

    const keyName = `e2e_twilight_${Date.now().toString(36)}`;
    await f.fill({ key_name: keyName, display_name: 'Twilight', display_name_fr: 'Crépuscule', description: 'Photos at dusk.', zoho_item_id: 'zoho-e2e', processing_time_in_minutes: '25', order_index: '40' });
    await f.select('type', '1');
    await f.select('subscription', 'Rabais 20');
    for (const name of ['available', 'is_global']) await f.choose(name, true);
    await f.choose('require_mls', false);
    // Price left blank: saved as 0.
    await page.getByRole('button', { name: t('offers.save') }).click();
    await answer(page, lang, t('offers.save_title'), t('offers.save_ok'));

    // View mode: every field read-only, the price is 0; then edit.
    await page.getByRole('heading', { level: 1, name: t('offers.item_heading', { title: t('offers.services.item_title'), name: 'Twilight' }) }).waitFor();
    expect(await f.field('price').inputValue()).toBe('0');
    expect(await f.field('display_name').getAttribute('readonly')).not.toBeNull();
    expect(await page.getByRole('radiogroup', { name: labelled(t('offers.field.available')) }).getByRole('radio', { name: t('offers.yes') }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: t('offers.save') }).count()).toBe(0);
    await page.getByRole('button', { name: t('offers.edit'), exact: true }).click();
    await f.field('display_name').fill('Twilight plus');
    await f.field('price').fill('95.5');
    await page.getByRole('button', { name: t('offers.save') }).click();
    await answer(page, lang, t('offers.save_title'), t('offers.save_ok'));
    await page.getByRole('heading', { level: 1, name: t('offers.item_heading', { title: t('offers.services.item_title'), name: 'Twilight plus' }) }).waitFor();

    // The booking wizard offers it as an extra service, by its catalogue name.
    await page.goto('/shooting/add');
    await page.getByRole('group', { name: t('offers.booking.extras') }).getByRole('checkbox', { name: 'Twilight plus' }).waitFor();
    await page.getByTestId('booking-services').getByText(t('offers.booking.included', { names: '2D photos, 360° virtual tour' })).waitFor();

    // Back in the list; deleting asks first, Cancel keeps it, Delete removes it.
    await page.goto('/manage_services');
    const row = rowOf(page, keyName);
    await row.getByText('Twilight plus', { exact: true }).waitFor();
    await row.getByRole('button', { name: t('offers.delete_named', { name: 'Twilight plus' }) }).click();
    await answer(page, lang, t('offers.delete_title'), t('offers.delete_confirm', { name: 'Twilight plus' }), t('common.cancel'));
    await row.waitFor();
    await row.getByRole('button', { name: t('offers.delete_named', { name: 'Twilight plus' }) }).click();
    await answer(page, lang, t('offers.delete_title'), t('offers.delete_confirm', { name: 'Twilight plus' }), t('offers.delete'));
    await row.waitFor({ state: 'detached' });

    // An offer packages and technicians hold: the refusal names them, and the offer stays.
    await rowOf(page, 'drone').getByRole('button', { name: t('offers.delete_named', { name: 'Drone' }) }).click();
    await answer(page, lang, t('offers.delete_title'), t('offers.delete_confirm', { name: 'Drone' }), t('offers.delete'));
    const refused = page.getByRole('dialog', { name: t('offers.delete_failed_title') });
    await refused.getByText(t('offers.services.delete_failed', { name: 'Drone' })).waitFor();
    await refused.getByText(t('offers.held_by_packages')).waitFor();
    await refused.getByText('Prestige').waitFor();
    await refused.getByText(t('offers.held_by_users')).waitFor();
    await refused.getByRole('button', { name: t('common.ok') }).click();
    await rowOf(page, 'drone').waitFor();
  });

  it('un administrateur crée, modifie et supprime un forfait qui inclut des offres (français)', async () => {
    const lang = 'fr';
    const t = textsIn(lang);
    const page = await adminOn(lang, '/manage_shooting_packages', 'route.manage_shooting_packages');
    const f = form(page, lang);
    await rowOf(page, 'essentiel').getByText('Essentiel', { exact: true }).waitFor();

    await page.getByRole('button', { name: t('offers.packages.add') }).click();
    const keyName = `e2e_forfait_${Date.now().toString(36)}`;
    await f.fill({ key_name: keyName, display_name_fr: 'Forfait essai', display_name_en: 'Trial package', price: '149,5', hdr_photo_count: '20', items_fr: '20 photos HDR', items: '20 HDR photos', order_index: '8', zoho_item_id: 'zoho-forfait' });
    await f.choose('is_visible_to_brokers', true);
    await f.choose('gf_clause', false);
    await f.select('subscription', 'Base');
    const included = page.getByRole('group', { name: labelled(t('offers.field.included_service_offers')) });
    await included.getByRole('checkbox', { name: 'Drone (drone)' }).check();
    await included.getByRole('checkbox', { name: 'Heure bleue (blue_hour)' }).check();
    await page.getByRole('button', { name: t('offers.save') }).click();
    await answer(page, lang, t('offers.save_title'), t('offers.save_ok'));

    await page.getByRole('heading', { level: 1, name: t('offers.item_heading', { title: t('offers.packages.item_title'), name: 'Forfait essai' }) }).waitFor();
    expect(await included.getByRole('checkbox', { name: 'Drone (drone)' }).isChecked()).toBe(true);
    expect(await included.getByRole('checkbox', { name: 'Drone (drone)' }).isDisabled()).toBe(true);
    // Optional numbers left blank are 0; the price keeps its French decimal comma.
    expect(await f.field('recommendation_min').inputValue()).toBe('0');
    expect(await f.field('price').inputValue()).toBe('149,5');

    await page.getByRole('button', { name: t('offers.edit'), exact: true }).click();
    await included.getByRole('checkbox', { name: 'Heure bleue (blue_hour)' }).uncheck();
    await f.field('display_name_fr').fill('Forfait essai 2');
    await page.getByRole('button', { name: t('offers.save') }).click();
    await answer(page, lang, t('offers.save_title'), t('offers.save_ok'));
    await page.getByRole('heading', { level: 1, name: t('offers.item_heading', { title: t('offers.packages.item_title'), name: 'Forfait essai 2' }) }).waitFor();
    expect(await included.getByRole('checkbox', { name: 'Heure bleue (blue_hour)' }).isChecked()).toBe(false);

    // Ticked again while another administrator changes the price: refused, and the offers not saved are named, not numbered.
    await page.getByRole('button', { name: t('offers.edit'), exact: true }).click();
    await included.getByRole('checkbox', { name: 'Heure bleue (blue_hour)' }).check();
    const other = (await tokenFor(Role.superadmin)).token;
    const stored = bodyOf(await callOp(getAllShootingPackages, {}, other)).data.find((p) => p.key_name === keyName)!;
    bodyOf(await callOp(updateShootingPackage, { ...stored, price: 160 }, other));
    await page.getByRole('button', { name: t('offers.save') }).click();
    await answer(page, lang, t('offers.save_title'), `${t('offers.save_failed')} ${t('offers.changed_reloaded')}`);
    await page.getByTestId('catalogue-unsaved').getByText(t('offers.unsaved_value', { field: t('offers.field.included_service_offers'), value: 'Drone (drone), Heure bleue (blue_hour)' })).waitFor();
    await page.getByRole('button', { name: t('offers.back') }).click();
    await rowOf(page, keyName).getByRole('button', { name: t('offers.view_named', { name: 'Forfait essai 2' }) }).click();

    // Delete from the view, after confirming; the list no longer has it.
    await page.getByRole('button', { name: t('offers.delete'), exact: true }).click();
    await answer(page, lang, t('offers.delete_title'), t('offers.delete_confirm', { name: 'Forfait essai 2' }), t('offers.delete'));
    await page.getByRole('heading', { level: 1, name: t('route.manage_shooting_packages') }).waitFor();
    await rowOf(page, 'essentiel').waitFor();
    expect(await rowOf(page, keyName).count()).toBe(0);
  });
});

describe('no lost update, and the offers the application relies on (ADR 0133, 0615)', () => {
  it("an administrator's save after another administrator's change is refused, the form then shows the stored values and what was not saved (English)", async () => {
    const lang = 'en';
    const t = textsIn(lang);
    const other = (await tokenFor(Role.superadmin)).token;
    const keyName = `e2e_dawn_${Date.now().toString(36)}`;
    const fields: InputOf<typeof createServiceOffer> = { key_name: keyName, display_name: 'Dawn', display_name_fr: 'Aube', description: 'Photos at dawn.', description_fr: '', price: 80, type: 1, processing_time_in_minutes: 20, zoho_item_id: 'zoho-dawn', order_index: 60, available: true, is_global: true, subscription: 'Base', require_mls: false };
    const offer = bodyOf(await callOp(createServiceOffer, fields, other)).data;
    const page = await adminOn(lang, '/manage_services', 'route.manage_services');
    const f = form(page, lang);
    await rowOf(page, keyName).getByRole('button', { name: t('offers.edit_named', { name: 'Dawn' }) }).click();
    await page.getByRole('heading', { level: 1, name: t('offers.item_heading', { title: t('offers.services.item_title'), name: 'Dawn' }) }).waitFor();
    await f.field('display_name').fill('Dawn light');

    // Meanwhile another administrator changes the price; then the tab is left and come back to (the list refetches).
    bodyOf(await callOp(updateServiceOffer, { ...fields, price: 99, id: offer.id, version: offer.version }, other));
    const refetched = page.waitForResponse((res) => res.url().endsWith('/api/service-offers') && res.request().method() === 'GET');
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await refetched;

    // Save: refused (the form was opened at version 1), said; the form now shows the stored values and the change not saved.
    await page.getByRole('button', { name: t('offers.save') }).click();
    await answer(page, lang, t('offers.save_title'), `${t('offers.save_failed')} ${t('offers.changed_reloaded')}`);
    expect(await f.field('price').inputValue()).toBe('99');
    expect(await f.field('display_name').inputValue()).toBe('Dawn');
    const unsaved = page.getByTestId('catalogue-unsaved');
    await unsaved.getByText(t('offers.unsaved_values')).waitFor();
    await unsaved.getByText(t('offers.unsaved_value', { field: t('offers.field.display_name'), value: 'Dawn light' })).waitFor();
    expect((await callOp(getServiceOffer, { id: offer.id }, other)).body).toMatchObject({ data: { display_name: 'Dawn', price: 99, version: 2 } });

    // Typed again on the stored values and saved: both changes are kept.
    await f.field('display_name').fill('Dawn light');
    await page.getByRole('button', { name: t('offers.save') }).click();
    await answer(page, lang, t('offers.save_title'), t('offers.save_ok'));
    await page.getByRole('heading', { level: 1, name: t('offers.item_heading', { title: t('offers.services.item_title'), name: 'Dawn light' }) }).waitFor();
    expect(bodyOf(await callOp(getServiceOffer, { id: offer.id }, other)).data).toMatchObject({ display_name: 'Dawn light', price: 99, version: 3 });

    // A save answered without its data says 'Database Error'.
    await page.getByRole('button', { name: t('offers.edit') }).click();
    await f.field('display_name').fill('Dawn glow');
    await page.route(`**/api/service-offers/${offer.id}`, (route) => (route.request().method() === 'GET' ? route.continue() : route.fulfill({ status: 200, contentType: 'application/json', body: '{}' })));
    await page.getByRole('button', { name: t('offers.save') }).click();
    await answer(page, lang, t('offers.save_title'), `${t('offers.save_failed')} ${t('offers.no_data')}`);

    // Deleted by the other administrator meanwhile: the save is refused in English, not with the server's text, and the form gives way.
    await page.unroute(`**/api/service-offers/${offer.id}`);
    expect((await callOp(deleteServiceOffer, { id: offer.id }, other)).status).toBe(200);
    await page.getByRole('button', { name: t('offers.save') }).click();
    await answer(page, lang, t('offers.save_title'), `${t('offers.save_failed')} ${t('offers.not_found')}`);
    await page.getByRole('alert').getByText(t('offers.not_found')).waitFor();
  });

  it("'Saisie à la source' garde son nom clé (en lecture seule) et ne peut pas être supprimée : le refus est dit en français", async () => {
    const lang = 'fr';
    const t = textsIn(lang);
    const page = await adminOn(lang, '/manage_services', 'route.manage_services');
    const f = form(page, lang);
    const row = rowOf(page, PICTURE_UPLOAD_KEY);
    await row.getByRole('button', { name: t('offers.edit_named', { name: 'Saisie à la source' }) }).click();
    await page.getByRole('heading', { level: 1, name: t('offers.item_heading', { title: t('offers.services.item_title'), name: 'Saisie à la source' }) }).waitFor();
    expect(await f.field('key_name').getAttribute('readonly')).not.toBeNull();
    await page.getByText(t('offers.key_protected')).waitFor();
    // Its other fields stay editable.
    expect(await f.field('display_name_fr').getAttribute('readonly')).toBeNull();

    await page.getByRole('button', { name: t('offers.back') }).click();
    await row.getByRole('button', { name: t('offers.delete_named', { name: 'Saisie à la source' }) }).click();
    await answer(page, lang, t('offers.delete_title'), t('offers.delete_confirm', { name: 'Saisie à la source' }), t('offers.delete'));
    const refused = page.getByRole('dialog', { name: t('offers.delete_failed_title') });
    await refused.getByText(t('offers.message.deleteProtected')).waitFor();
    await refused.getByRole('button', { name: t('common.ok') }).click();
    await row.waitFor();
  });
});
