import { describe, expect, it } from 'vitest';
import { ownStack } from '../support/provided.ts';
import { readFile } from 'node:fs/promises';
import { getListing as getListingOperation, SEARCH_PAGE, updateListing } from '#shared/catalogue/listings.ts';
import { ListingState } from '#shared/enums.ts';
import { Role } from '#shared/roles.ts';
import { createSession } from '#functions/plumbing/sessions.ts';
import { demoAddress } from '#functions/plumbing/location/gazetteer.ts';
import { getListing, insertListing, insertListings, newDistributionToken } from '#functions/storage/listings.ts';
import { billShooting, createShooting, getShootingAdmin } from '#shared/catalogue/shootings.ts';
import { PLANNING_BROKERS } from '../../scripts/local/seed/planning-world.ts';
import { tokenFor } from '../support/api.ts';
import { bodyOf, callOp } from '../support/operations.ts';
import { MAP_ZOOM, QUEBEC_CENTER } from '../../web/src/components/map/map-view.tsx';
import { useBrowser, waitForPath } from './browser.ts';
import { BROWSER_LOCALE, loginAs, ownDay, textsIn } from './fixtures.ts';

/**
 * Part 3 screens 1–3 as staff live them, in French then English: sales land on /listings, search
 * with words and the commands (a bad command is named), open a listing whose sold flag blocks the
 * save until the MLS and dates are there, see the delivered listings on the map; an administrator
 * opens a listing's shooting and its invoice from the dialog, gives a listing its delivery link then
 * replaces it, and opens /ListingStats. A search of more listings than its first page offers them all.
 */
/** Seeded addresses no other test reads a row of (the booking test's office cancels the seeded shooting at 3200 Rue Wellington). */
const INVOICED_ADDRESS = { fr: '150 Rue Saint-Charles Ouest', en: '1600 Boulevard Le Corbusier' } as const;
const baseUrl = ownStack().baseUrl;
const browser = useBrowser(baseUrl);
/** A listing of the test's own, found by a word of its address. */
const FIELDS = { app: '', city: 'Laval', postalcode: 'H7N 1A1', room_count: 5, is_house: true, lat: 45.57, lng: -73.72, state: 0, broker_id: 900003, broker: { firstname: 'Line', lastname: 'Test' } };

describe.each(['fr', 'en'] as const)('listings, in %s', (lang) => {
  const t = textsIn(lang);

  it('search with commands, the dialog and its sold rule, the map', async () => {
    const word = `zl${lang}${Date.now().toString(36)}`;
    // An MLS number of this run and language only (the other language's run saves one too).
    const mls = String(56_000_000 + (Date.now() % 900_000) + (lang === 'fr' ? 0 : 1));
    const fields = FIELDS;
    await insertListing({ ...fields, address: `10 rue ${word}`, mls: '55501234', distribution_token: newDistributionToken() });
    const unsold = await insertListing({ ...fields, address: `20 rue ${word}`, mls: null });

    const { page } = await browser.visit({ locale: BROWSER_LOCALE[lang] });
    await loginAs(page, Role.sales, lang);
    await waitForPath(page, '/listings');
    await page.getByRole('heading', { level: 1, name: t('route.listings') }).waitFor();

    const search = page.getByRole('searchbox', { name: t('listings.search') });
    const total = page.getByTestId('listings-total');
    await search.fill(word);
    await expect.poll(() => total.textContent()).toBe(t('listings.total_other', { formatted: '2' }));
    await search.fill(`${word} mls:null`);
    await expect.poll(() => total.textContent()).toBe(t('listings.total_one', { formatted: '1' }));
    await page.getByRole('cell', { name: `20 rue ${word}, Laval` }).waitFor();

    await search.fill(`${word} mls:42`);
    await page.getByText(t('listings.bad_command', { message: t('listings.msg.mls_null') })).waitFor();
    // The earlier search's rows and total do not stay under the error as if they matched.
    expect(await total.count()).toBe(0);
    expect(await page.getByRole('cell', { name: `20 rue ${word}, Laval` }).count()).toBe(0);

    await search.fill(`${word} mls:null`);
    await page.getByRole('cell', { name: `20 rue ${word}, Laval` }).click();
    const dialog = page.getByRole('dialog');
    // Sales may not make delivery links (generateDeliveryToken is for the listing staff).
    await dialog.getByRole('checkbox', { name: t('listings.dialog.sold') }).waitFor();
    expect(await dialog.getByRole('button', { name: t('listings.dialog.link.generate') }).count()).toBe(0);
    // Nor are they offered the review screen, which their role may not open.
    expect(await dialog.getByRole('link', { name: t('listings.dialog.review_photos') }).count()).toBe(0);
    // Its state by the shooting dialog's names; the broker's name is text, not a link to a user form sales cannot open.
    await dialog.getByText(t('shootingDialog.listing_states.created'), { exact: true }).waitFor();
    await dialog.getByText(/Line Test/).waitFor();
    expect(await dialog.getByRole('link', { name: 'Line Test' }).count()).toBe(0);
    // They consult it (part 1 §1): its fields read-only, no save.
    await dialog.getByText(t('listings.dialog.read_only')).waitFor();
    expect(await dialog.getByRole('checkbox', { name: t('listings.dialog.sold') }).isDisabled()).toBe(true);
    // Its values stay readable and copyable (read-only, not disabled).
    const readStreet = dialog.getByRole('textbox', { name: t('listings.dialog.street') });
    expect([await readStreet.isDisabled(), await readStreet.isEditable(), await readStreet.inputValue()]).toEqual([false, false, `rue ${word}`]);
    expect(await dialog.getByRole('button', { name: t('listings.dialog.save') }).count()).toBe(0);
    await dialog.getByRole('button', { name: t('listings.dialog.close') }).click();

    // A post-production technician, a reviewer, changes it.
    const { page: staff } = await browser.visit({ locale: BROWSER_LOCALE[lang] });
    await loginAs(staff, Role.tech_postprod, lang);
    await waitForPath(staff, '/tech_review');
    await staff.goto('/listings');
    await staff.getByRole('searchbox', { name: t('listings.search') }).fill(`${word} mls:null`);
    await staff.getByRole('cell', { name: `20 rue ${word}, Laval` }).click();
    const editor = staff.getByRole('dialog');
    expect(await editor.getByText(t('listings.dialog.read_only')).count()).toBe(0);
    await editor.getByRole('checkbox', { name: t('listings.dialog.sold') }).check();
    await editor.getByRole('button', { name: t('listings.dialog.save') }).click();
    await editor.getByText(t('listings.dialog.blocked')).waitFor();
    await editor.getByText(t('listings.dialog.error.mls')).waitFor();
    await editor.getByText(t('listings.dialog.error.date_sold')).waitFor();
    await editor.getByText(t('listings.dialog.error.date_notarized')).waitFor();
    await editor.getByRole('checkbox', { name: t('listings.dialog.sold') }).uncheck();
    await editor.getByRole('textbox', { name: t('listings.dialog.mls') }).fill(mls);
    await editor.getByRole('button', { name: t('listings.dialog.save') }).click();
    await editor.getByText(t('listings.dialog.saved')).waitFor();

    // An address that cannot be located (no such town) is refused on the street, and what was typed stays.
    const street = editor.getByRole('textbox', { name: t('listings.dialog.street') });
    const city = editor.getByRole('textbox', { name: t('listings.dialog.city') });
    await street.fill('Rue Qwxzvq');
    await city.fill('Qwxzville');
    await editor.getByRole('button', { name: t('listings.dialog.save') }).click();
    await editor.getByRole('alert').filter({ hasText: t('listings.msg.address_not_found') }).waitFor();
    expect(await street.getAttribute('aria-invalid')).toBe('true');
    expect(await street.inputValue()).toBe('Rue Qwxzvq');
    expect(await city.inputValue()).toBe('Qwxzville');
    // A real one is saved, and the listing's point moves there.
    const corbusier = demoAddress('1600 Boulevard Le Corbusier');
    await editor.getByRole('textbox', { name: t('listings.dialog.civic_number') }).fill('1600');
    await street.fill('Boulevard Le Corbusier');
    await city.fill(corbusier.city);
    await editor.getByRole('textbox', { name: t('listings.dialog.postalcode') }).fill(corbusier.postalcode);
    await editor.getByRole('button', { name: t('listings.dialog.save') }).click();
    await editor.getByText(t('listings.dialog.saved')).waitFor();
    expect(await street.getAttribute('aria-invalid')).not.toBe('true');
    await editor.getByRole('button', { name: t('listings.dialog.close') }).click();
    expect(await getListing(unsold.id)).toMatchObject({ address: '1600 Boulevard Le Corbusier', lat: corbusier.lat, lng: corbusier.lng });
    await search.fill(mls);
    await expect.poll(() => total.textContent()).toBe(t('listings.total_one', { formatted: '1' }));

    await page.getByText(t('listings.map'), { exact: true }).click();
    const map = page.getByTestId('listings-map');
    await map.waitFor();
    expect(Number(await map.getAttribute('data-count'))).toBeGreaterThanOrEqual(1);
    await page.locator('canvas.maplibregl-canvas').waitFor();
  });

  it("a click on a delivered listing's point opens its info window: address, broker, delivery page link", async () => {
    // A lonely spot (no seeded listing within the 60-pixel cluster grid at zoom 8), one per language.
    const spot = lang === 'fr' ? { lat: 46.05, lng: -72.95 } : { lat: 46.05, lng: -72.55 };
    const word = `zm${lang}${Date.now().toString(36)}`;
    const listing = await insertListing({ ...FIELDS, ...spot, address: `30 rue ${word}`, app: '4', city: 'Bécancour', mls: null, distribution_token: newDistributionToken() });

    const { page } = await browser.visit({ locale: BROWSER_LOCALE[lang] });
    await loginAs(page, Role.sales, lang);
    await waitForPath(page, '/listings');
    await page.getByText(t('listings.map'), { exact: true }).click();
    const canvas = page.locator('canvas.maplibregl-canvas');
    await canvas.waitFor();
    const box = (await canvas.boundingBox())!;
    const at = pixelAt(spot, { lat: QUEBEC_CENTER.lat, lng: QUEBEC_CENTER.lng, zoom: MAP_ZOOM.default });
    const popup = page.locator('.maplibregl-popup');
    // The point is drawn once the map has its style and the points: click until its window opens.
    await expect
      .poll(async () => {
        await page.mouse.click(box.x + box.width / 2 + at.x, box.y + box.height / 2 + at.y);
        return popup.count();
      }, { timeout: 15_000, interval: 500 })
      .toBeGreaterThan(0);
    await popup.getByText(`30 rue ${word}, 4, Bécancour`).waitFor();
    await popup.getByText(t('listings.broker_line', { name: 'Line Test' })).waitFor();
    expect(await popup.getByRole('link', { name: t('listings.delivery_page') }).getAttribute('href')).toBe(`/delivery/${listing.distribution_token}`);
    // maplibre names its close button in English: the page's language names it here.
    await popup.getByRole('button', { name: t('common.map.close_popup'), exact: true }).click();
    await popup.waitFor({ state: 'detached' });
  });

  it('a search of more listings than its first page shows how many, and all of them on demand', async () => {
    const word = `zp${lang}${Date.now().toString(36)}`;
    await insertListings(Array.from({ length: SEARCH_PAGE + 1 }, (_, i) => ({ ...FIELDS, address: `${i + 1} rue ${word}`, mls: null })));

    const { page } = await browser.visit({ locale: BROWSER_LOCALE[lang] });
    await loginAs(page, Role.sales, lang);
    await waitForPath(page, '/listings');
    const search = page.getByRole('searchbox', { name: t('listings.search') });
    const total = page.getByTestId('listings-total');
    const shown = page.getByTestId('listings-shown');
    const rows = page.getByRole('table').locator('tbody tr');
    const showAll = page.getByRole('button', { name: t('listings.show_all', { total: SEARCH_PAGE + 1 }) });

    await search.fill(word);
    await expect.poll(() => total.textContent()).toBe(t('listings.total_other', { formatted: SEARCH_PAGE + 1 }));
    await expect.poll(() => shown.textContent()).toBe(t('listings.shown', { shown: SEARCH_PAGE, total: SEARCH_PAGE + 1 }));
    expect(await rows.count()).toBe(SEARCH_PAGE);

    await showAll.click();
    await expect.poll(() => rows.count()).toBe(SEARCH_PAGE + 1);
    await shown.waitFor({ state: 'detached' });
    expect(await showAll.count()).toBe(0);

    // Another search starts on its first page again.
    await search.fill(`${word} mls:null`);
    await expect.poll(() => shown.textContent()).toBe(t('listings.shown', { shown: SEARCH_PAGE, total: SEARCH_PAGE + 1 }));
    await showAll.waitFor();
    expect(await rows.count()).toBe(SEARCH_PAGE);
  });

  it('an administrator gives a listing its delivery link, then replaces it', async () => {
    const word = `zd${lang}${Date.now().toString(36)}`;
    // A published virtual tour: the dialog links to it once the listing has a delivery link, as the delivery page does.
    const listing = await insertListing({ ...FIELDS, state: ListingState.vr_ready, address: `40 rue ${word}`, mls: null });
    const tokenNow = async () => (await getListing(listing.id))!.distribution_token;

    const { page } = await browser.visit({ locale: BROWSER_LOCALE[lang] });
    await loginAs(page, Role.admin, lang);
    await waitForPath(page, '/shooting');
    await page.goto('/listings');
    await page.getByRole('searchbox', { name: t('listings.search') }).fill(word);
    await page.getByRole('cell', { name: `40 rue ${word}, Laval` }).click();
    const dialog = page.getByRole('dialog', { name: t('listings.dialog.title', { id: listing.id }) });
    const deliveryLink = dialog.getByRole('link', { name: t('listings.delivery_page') });
    const visitLink = dialog.getByRole('link', { name: t('listings.dialog.virtual_visit') });
    const newLink = dialog.getByTestId('new-delivery-link');

    await dialog.getByRole('button', { name: t('listings.dialog.link.generate') }).click();
    await newLink.waitFor();
    const first = (await tokenNow())!;
    expect(first).toBeTruthy();
    expect(await newLink.textContent()).toBe(new URL(`/delivery/${first}`, baseUrl).href);
    await expect.poll(() => deliveryLink.getAttribute('href')).toBe(`/delivery/${first}`);
    expect(await visitLink.getAttribute('href')).toBe(`/visit/${listing.id}`);

    // Replacing asks first: the old link stops working.
    await dialog.getByRole('button', { name: t('listings.dialog.link.replace') }).click();
    const confirm = page.getByRole('dialog', { name: t('listings.dialog.link.replace_title') });
    await confirm.getByText(t('listings.dialog.link.replace_confirm')).waitFor();
    await confirm.getByRole('button', { name: t('listings.dialog.link.replace') }).click();
    await expect.poll(tokenNow).not.toBe(first);
    const second = (await tokenNow())!;
    await expect.poll(() => newLink.textContent()).toBe(new URL(`/delivery/${second}`, baseUrl).href);
    await expect.poll(() => deliveryLink.getAttribute('href')).toBe(`/delivery/${second}`);

    // Purging the cache asks first, then says how many cached files went (none built yet: 0).
    await dialog.getByRole('button', { name: t('listings.dialog.purge.button') }).click();
    const purge = page.getByRole('dialog', { name: t('listings.dialog.purge.confirm_title') }).filter({ hasText: t('listings.dialog.purge.confirm') });
    await purge.getByRole('button', { name: t('listings.dialog.purge.button') }).click();
    // Zero takes the singular in French, the plural in English.
    await dialog.getByRole('status').getByText(t(`listings.dialog.purge.done_${lang === 'fr' ? 'one' : 'other'}`, { formatted: '0' })).waitFor();

    // Opened from the keyboard and closed with Escape, the dialog gives the focus back to its row's button.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    const rowButton = page.getByRole('button', { name: t('listings.open', { id: listing.id }) });
    await rowButton.focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => rowButton.evaluate((b) => b === document.activeElement)).toBe(true);
  });

  it("an administrator opens a shooting of the listing and its invoice from the listing's dialog", async () => {
    const b = PLANNING_BROKERS[0];
    const broker = (await createSession({ id: b.id, firstname: b.firstname, lastname: b.lastname, email: b.email, role: Role.broker })).token;
    const admin = (await tokenFor(Role.admin)).token;
    const p = demoAddress(INVOICED_ADDRESS[lang]);
    const booking = { address: p.address, app: '', city: p.city, postalcode: p.postalcode, is_house: true, room_count: 4, scheduleddate: ownDay(), is_am: true, is_existing_listing: false, note: '', lat: p.lat, lng: p.lng };
    const shooting = bodyOf(await callOp(createShooting, booking, broker)).data;

    const { page } = await browser.visit({ locale: BROWSER_LOCALE[lang] });
    await loginAs(page, Role.admin, lang);
    await waitForPath(page, '/shooting');
    await page.goto('/listings');
    // The listing's id finds it alone (the seeded listings share the demo addresses).
    await page.getByRole('searchbox', { name: t('listings.search') }).fill(String(shooting.listing.id));
    await expect.poll(() => page.getByTestId('listings-total').textContent()).toBe(t('listings.total_one', { formatted: '1' }));
    await page.getByRole('cell', { name: new RegExp(`^${p.address}`) }).click();
    const dialog = page.getByRole('dialog');
    const invoice = dialog.getByRole('button', { name: t('shootingDialog.invoice_of', { id: shooting.id }) });
    // An administrator may open the broker's user form: the name links there.
    const brokerLink = dialog.getByRole('link', { name: `${b.firstname} ${b.lastname}`, exact: true });
    expect(await brokerLink.getAttribute('href')).toBe(`/users/edit/${b.id}`);

    // Not billable yet: the alert says why there is no invoice.
    await invoice.click();
    const alert = page.getByRole('dialog').filter({ hasText: t('shootingDialog.invoice_needs_billable') });
    await alert.getByRole('button', { name: t('common.ok') }).click();
    await alert.waitFor({ state: 'hidden' });

    const { version } = bodyOf(await callOp(getShootingAdmin, { shooting_id: shooting.id }, admin)).data;
    bodyOf(await callOp(billShooting, { shooting_id: shooting.id, version, billable: true }, admin));
    const [download] = await Promise.all([page.waitForEvent('download'), invoice.click()]);
    const invoiceId = bodyOf(await callOp(getShootingAdmin, { shooting_id: shooting.id }, admin)).data.invoice_id!;
    expect(download.suggestedFilename()).toBe(`${t('shootingDialog.invoice_file')}-${invoiceId}.pdf`);
    const pdf = (await readFile(await download.path())).toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf).toContain(invoiceId);

    // Sold, with its notary date (saved by another administrator): the invoice payable at the notary appears beside it.
    const notarized = dialog.getByRole('button', { name: t('shootingDialog.notarized_invoice_of', { id: shooting.id }) });
    expect(await notarized.count()).toBe(0);
    const { listing: detail } = bodyOf(await callOp(getListingOperation, { id: shooting.listing.id }, admin));
    const fields = { civic_number: detail.civic_number, street: detail.street, app: detail.app, city: detail.city, postalcode: detail.postalcode, expired: false };
    bodyOf(await callOp(updateListing, { id: detail.id, version: detail.version, ...fields, sold: true, mls: '12345678', date_sold: '2026-02-02', date_notarized: '2026-03-03' }, admin));
    // Opened again, the dialog reads the listing afresh.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('cell', { name: new RegExp(`^${p.address}`) }).click();
    const [notaryPdf] = await Promise.all([page.waitForEvent('download'), notarized.click()]);
    expect(notaryPdf.suggestedFilename()).toBe(`${t('shootingDialog.invoice_pdf.notary_file')}-${invoiceId}.pdf`);
    const notaryText = (await readFile(await notaryPdf.path())).toString('latin1');
    expect(notaryText).toContain(invoiceId);
    expect(notaryText).toContain('12345678');

    // The row's other action is the planner's shooting dialog, on top of the listing's.
    await dialog.getByRole('button', { name: t('shootingDialog.open_of', { id: shooting.id }) }).click();
    await page.getByRole('dialog', { name: t('shootingDialog.title', { id: shooting.id }) }).getByText(t('shootingDialog.invoice_number', { id: invoiceId })).waitFor();
  });

  it('an administrator opens the virtual-visit report', async () => {
    const { page } = await browser.visit({ locale: BROWSER_LOCALE[lang] });
    await loginAs(page, Role.admin, lang);
    await waitForPath(page, '/shooting');
    await page.goto('/ListingStats');
    await page.getByRole('heading', { level: 1, name: t('route.ListingStats') }).waitFor();
    // The demo visits (seeded through the recording path) fill the default range: both charts show.
    await page.getByRole('heading', { name: t('listings.stats.visitors_per_date') }).waitFor();
    await page.getByRole('heading', { name: t('listings.stats.top_completed') }).waitFor();

    // An address too long for the axis ends in '…' there; the point under the pointer is read out in
    // full under the chart, as its row of the figures table says it.
    const title = t('listings.stats.top_completed');
    await page.locator(`[data-chart="${title}"] .u-over`).hover();
    const readout = page.locator(`[data-chart-readout="${title}"]`);
    // A percentage as the reader writes it: '45 %' in French (a narrow no-break space), '45%' in English.
    await expect.poll(() => readout.textContent()).toMatch(lang === 'fr' ? / — \d+\s%$/ : / — \d+%$/);
    const rows = await page.locator('table caption', { hasText: title }).locator('xpath=..').locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent).join(' — ')));
    expect(rows).toContain(await readout.textContent());
  });
});

/** Where a point is drawn, in CSS pixels from the map's centre (Web Mercator on 512-pixel tiles, as MapLibre draws). */
function pixelAt(point: { lat: number; lng: number }, view: { lat: number; lng: number; zoom: number }): { x: number; y: number } {
  const world = 512 * 2 ** view.zoom;
  const x = (lng: number) => ((lng + 180) / 360) * world;
  const y = (lat: number) => ((1 - Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360)) / Math.PI) / 2) * world;
  return { x: x(point.lng) - x(view.lng), y: y(point.lat) - y(view.lat) };
}
