import { describe, expect, it } from 'vitest';
import { ownStack } from '../support/provided.ts';
import { PictureServiceOffer, Subscription } from '#shared/enums.ts';
import { Role } from '#shared/roles.ts';
import { insertFloorplanRoom } from '#functions/storage/floorplan-rooms.ts';
import { picturesOfListing } from '#functions/storage/pictures.ts';
import { mustGetServiceOffer } from '#functions/storage/service-offers.ts';
import { subscribedListing } from '../support/subscribed-listing.ts';
import { useBrowser, waitForPath } from './browser.ts';
import { BROWSER_LOCALE, loginAs, textsIn } from './fixtures.ts';

/**
 * The review screen's floorplan panel and picture types (part 3 screen 5, §9; ADRs 0275, 0276), in
 * each language on a listing of its own whose broker has the platform subscription: floors are named
 * by part 3's reading of their number, not by the stored floor name (ADR 0535); the measures
 * table leaves out the outdoor rooms and translates floor types on the English screen; two
 * selected pictures get the 'drone' type (the platform's id, 177), which their grid cards (the offer's
 * name, ADR 0305) and their dialog then show.
 */
const browser = useBrowser(ownStack().baseUrl);

async function listingOfThisTest() {
  const now = new Date().toISOString();
  // The platform subscription: its drone type is 177.
  const { listing, thumbnails } = await subscribedListing({ subscription: Subscription.platform, pictures: 4 });
  const room = (floor: number, floorname: string, roomname: string, extra: Record<string, unknown>) =>
    insertFloorplanRoom({ listing_id: listing.id, floor, floorname, roomname, width: 0, height: 0, created_at: now, ...extra });
  await room(0, 'Rez-de-chaussée', 'Cuisine', { width: 12, width_inches: 6, height: 10, height_inches: 0, floor_type: 'Céramique', markers: [{ order_index: 0, lowres_key: thumbnails[0] }, { order_index: 1, lowres_key: thumbnails[1] }] });
  await room(0, 'Rez-de-chaussée', 'Cour arrière', { width: 40, width_inches: 0, height: 30, height_inches: 0 });
  await room(1, 'Étage', 'Chambre', { width: 3.6, height: 3.25, irregular: true, floor_type: 'Stratifié', markers: [{ order_index: 0, lowres_key: thumbnails[2] }] });
  await room(1, 'Étage', 'Balcony', { width: 3, height: 1.5, floor_type: 'Béton' });
  // Stored as part 1 names it; part 3 reads floor -2 as 'Other'.
  await room(-2, 'Aire commune', 'Rangement', { width: 2, height: 1.5 });
  return listing;
}

describe.each(['fr', 'en'] as const)('review floorplan and picture types, in %s', (lang) => {
  const t = textsIn(lang);

  it('reads the floors as part 3 names them, the measures table (outdoor rooms left out, floor type in the screen language) and gives two pictures a type', async () => {
    const listing = await listingOfThisTest();
    const { page } = await browser.visit({ locale: BROWSER_LOCALE[lang] });
    await loginAs(page, Role.tech_postprod, lang);
    await waitForPath(page, '/tech_review');
    await page.goto(`/tech_review/${listing.id}`);

    // The panel is collapsed at first; opened, it lists every room by floor with its markers' pictures.
    await page.getByRole('button', { name: t('review.floorplan.title'), exact: true }).click();
    const table = page.getByRole('table', { name: t('review.floorplan.measures') });
    await table.waitFor();
    // Floors as part 3 names them (0 first level / ground floor, 1 2nd level, else Other), in the screen's language.
    const floor = lang === 'fr' ? { ground: 'Premier niveau / rez-de-chaussée', second: '2e niveau', other: 'Autre' } : { ground: 'First level / ground floor', second: '2nd level', other: 'Other' };
    const panel = page.getByRole('region', { name: t('review.floorplan.title'), exact: true });
    expect(await panel.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual([floor.other, floor.ground, floor.second]);
    const groundFloor = page.getByRole('region', { name: floor.ground, exact: true });
    expect((await groundFloor.getByRole('listitem').allInnerTexts()).map((s) => s.trim())).toEqual(['Cuisine', 'Cour arrière']);
    await expect.poll(() => groundFloor.getByRole('img', { name: t('review.floorplan.marker', { room: 'Cuisine', n: 2 }) }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(300);

    const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    const yes = t('review.yes');
    const no = t('review.no');
    const metres = (value: string) => t('review.floorplan.metres', { value });
    expect(rows).toEqual([
      ['Rangement', floor.other, t('review.floorplan.by', { width: metres('2'), height: metres(lang === 'en' ? '1.5' : '1,5') }), no, ''],
      ['Cuisine', floor.ground, t('review.floorplan.by', { width: t('review.floorplan.feet', { feet: 12, inches: 6 }), height: t('review.floorplan.feet', { feet: 10, inches: 0 }) }), no, lang === 'en' ? 'ceramic' : 'Céramique'],
      ['Chambre', floor.second, t('review.floorplan.by', { width: metres(lang === 'en' ? '3.6' : '3,6'), height: metres(lang === 'en' ? '3.25' : '3,25') }), yes, lang === 'en' ? 'laminate' : 'Stratifié'],
    ]);

    // Two pictures selected, the 'drone' type from the toolbar: stored as the platform's drone id.
    await page.getByRole('checkbox', { name: t('review.select', { n: 2 }), exact: true }).check();
    await page.getByRole('checkbox', { name: t('review.select', { n: 3 }), exact: true }).check();
    await page.getByText(t('review.selected_other', { count: 2 })).waitFor();
    await page.getByLabel(t('review.type.label')).selectOption({ label: t('review.type.drone') });
    const drone = PictureServiceOffer.platform.drone;
    await expect.poll(async () => (await picturesOfListing(listing.id)).map((p) => p.service_offer_id)).toEqual([null, drone, drone, null]);

    // The grid's cards of pictures 2 and 3 show the type as the service offer's name, in the screen's language (ADR 0305); picture 1 has none.
    const offer = await mustGetServiceOffer(drone);
    const droneName = lang === 'fr' ? offer.display_name_fr : offer.display_name;
    const card = (n: number) => page.getByRole('article', { name: t('review.picture', { n }), exact: true });
    for (const n of [2, 3]) await card(n).getByText(droneName, { exact: true }).waitFor();
    expect(await card(1).locator('[data-type-badge]').count()).toBe(0);
    expect(await card(3).locator('[data-type-badge]').textContent()).toBe(droneName);

    // The dialog of picture 3 shows its type by the same name.
    await page.getByRole('button', { name: t('review.open', { n: 3 }), exact: true }).click();
    await page.getByRole('dialog').getByText(t('review.type.badge', { type: droneName }), { exact: true }).waitFor();
  });
});
