import { beforeAll, describe, expect, it } from 'vitest';
import { getListing, getListingsForMap, LISTING_MESSAGES, searchListings, updateListing } from '#shared/catalogue/listings.ts';
import { SEARCH_MESSAGES } from '#shared/rules/listing-search.ts';
import { Role, type RoleId } from '#shared/roles.ts';
import { getListing as readListing, insertListing, newDistributionToken, noteListingShootingDate } from '#functions/storage/listings.ts';
import { call, tokenFor } from '../support/api.ts';
import { bodyOf, callOp, errorOf } from '../support/operations.ts';
import { MLS_DIGITS_MESSAGE } from '#shared/rules/mls-number.ts';
import { ShootingState } from '#shared/enums.ts';
import { insertShooting, newShootingId } from '#functions/storage/shootings.ts';
import { demoAccount } from '../../scripts/local/demo-accounts.ts';

/** Part 3 screens 1 and 2: listing search with its commands, the map, the dialog's read and save (ADRs 0200, 0202). */

const tokens = {} as Record<RoleId, string>;
beforeAll(async () => {
  for (const role of Object.values(Role)) tokens[role] = (await tokenFor(role)).token;
});

/** A word no other test (or run) uses, so a search finds only this test's listings. */
const word = `zq${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function listing(fields: { address: string; city?: string; mls?: string | null; token?: boolean; firstname?: string; lat?: number; lng?: number }) {
  return insertListing({
    address: fields.address,
    app: '',
    city: fields.city ?? 'Montréal',
    postalcode: 'H2X 1Y4',
    room_count: 5,
    is_house: true,
    lat: fields.lat ?? 45.5,
    lng: fields.lng ?? -73.6,
    state: 0,
    mls: fields.mls ?? null,
    broker_id: 900001,
    broker: { firstname: fields.firstname ?? 'Béatrice', lastname: 'Roy' },
    distribution_token: fields.token ? newDistributionToken() : null,
  });
}

describe('listing search', () => {
  let a: Awaited<ReturnType<typeof listing>>;
  let b: Awaited<ReturnType<typeof listing>>;
  let c: Awaited<ReturnType<typeof listing>>;
  beforeAll(async () => {
    a = await listing({ address: `1200 rue ${word} Est`, mls: '12345678', token: true });
    b = await listing({ address: `85 avenue ${word}`, city: 'Laval', firstname: 'Hélène' });
    c = await listing({ address: `9 chemin ${word}`, city: 'Québec' });
    await noteListingShootingDate(b.id, '2026-03-10');
    await noteListingShootingDate(c.id, '2026-05-20');
  });

  const search = async (s: string, role: RoleId = Role.admin) => bodyOf(await callOp(searchListings, { search: s }, tokens[role]));

  it('finds by word prefixes, accents and case ignored, every word must match; newest id first with the total', async () => {
    const all = await search(word.toUpperCase());
    expect(all.count).toBe(3);
    expect(all.listings.map((l) => l.id)).toEqual([c.id, b.id, a.id]);
    expect((await search(`${word} laval`)).listings.map((l) => l.id)).toEqual([b.id]);
    expect((await search(`${word.slice(0, 6)} QUEB`)).listings.map((l) => l.id)).toEqual([c.id]);
    expect((await search(`${word} helene`)).listings.map((l) => l.id)).toEqual([b.id]);
    expect((await search(`12345678`)).listings.map((l) => l.id)).toContain(a.id);
    expect((await search(`${word} nowhere`)).count).toBe(0);
  });

  it('a row carries the columns of the screen', async () => {
    const [row] = (await search(`${word} laval`)).listings;
    expect(row).toMatchObject({ id: b.id, address: `85 avenue ${word}`, city: 'Laval', broker: { firstname: 'Hélène', lastname: 'Roy' }, shootingdate: '2026-03-10', visitor: 0, session: 0, completed: 0, average_minutes: 0 });
  });

  it('reads the commands mls:null du:{date} au:{date}', async () => {
    expect((await search(`${word} mls:null`)).listings.map((l) => l.id)).toEqual([c.id, b.id]);
    expect((await search(`${word} du:2026-03-01 au:2026-03-31`)).listings.map((l) => l.id)).toEqual([b.id]);
    expect((await search(`du:2026-05-01 ${word}`)).listings.map((l) => l.id)).toEqual([c.id]);
  });

  it('a bad command or a hostile string answers 400 on `search`, never 500', async () => {
    for (const [s, message] of [
      ['mls:42', SEARCH_MESSAGES.mlsNull],
      ['du:2026-02-30', SEARCH_MESSAGES.date],
      ['du:2026-03-02 au:2026-03-01', SEARCH_MESSAGES.range],
      ['drop:table', SEARCH_MESSAGES.unknownCommand],
    ] as const) {
      expect(errorOf(await callOp(searchListings, { search: s }, tokens[Role.admin]), 400).fields?.search).toEqual([message]);
    }
    for (const raw of ['search=%00%01', `search=${'x'.repeat(500)}`, 'search=a&search=b', 'loadAll=yes', 'search=%F0%9F%92%A9%20%27%22%3C%3E']) {
      const res = await call('GET', `/api/listings?${raw}`, { token: tokens[Role.admin] });
      expect(res.status, raw).toBeLessThan(500);
    }
  });

  it('listing readers search; a broker and the other roles never reach it', async () => {
    for (const role of [Role.superadmin, Role.admin, Role.tech_capture, Role.tech_postprod, Role.tech_postprod_lead, Role.social_medias, Role.sales]) {
      expect((await callOp(searchListings, { search: word }, tokens[role])).status, `role ${role}`).toBe(200);
    }
    for (const role of [Role.broker, Role.client, Role.tech_injector, Role.releaser, Role.stats_query]) {
      expect((await callOp(searchListings, { search: word }, tokens[role])).status, `role ${role}`).toBe(403);
      expect((await callOp(getListing, { id: a.id }, tokens[role])).status).toBe(403);
      expect((await callOp(getListingsForMap, {}, tokens[role])).status).toBe(403);
    }
    expect((await callOp(searchListings, { search: word })).status).toBe(401);
  });

  it('the map holds only listings with a delivery token, as [id, lat, lng]; the info window reads the listing', async () => {
    const { points } = bodyOf(await callOp(getListingsForMap, {}, tokens[Role.sales]));
    const mine = points.filter(([id]) => [a.id, b.id, c.id].includes(id));
    expect(mine).toEqual([[a.id, 45.5, -73.6]]);
    expect(bodyOf(await callOp(getListing, { id: a.id }, tokens[Role.sales])).listing).toMatchObject({ distribution_token: a.distribution_token, broker: { lastname: 'Roy' } });
  });

  it('map points carry six decimals of a degree', async () => {
    const d = await listing({ address: `3 rue ${word}precis`, token: true, lat: 45.50876543212345, lng: -73.56781234567891 });
    const { points } = bodyOf(await callOp(getListingsForMap, {}, tokens[Role.admin]));
    expect(points.find(([id]) => id === d.id)).toEqual([d.id, 45.508765, -73.567812]);
  });
});

describe('listing dialog', () => {
  it('reads a listing with its parts, saves on its version (409 when stale) and search follows the new address', async () => {
    const l = await listing({ address: `77 rue ${word}dlg` });
    const { listing: detail } = bodyOf(await callOp(getListing, { id: l.id }, tokens[Role.admin]));
    expect(detail).toMatchObject({ id: l.id, civic_number: '77', street: `rue ${word}dlg`, sold: false, on_market: true, broker: { id: 900001, broker_code: null } });
    const saved = bodyOf(
      await callOp(updateListing, { id: l.id, version: detail.version, mls: '87654321', civic_number: '78', street: `boulevard ${word}neuf`, app: '3', city: 'Laval', postalcode: 'H7N 1A1', sold: false, expired: true }, tokens[Role.admin]),
    ).listing;
    expect(saved).toMatchObject({ address: `78 boulevard ${word}neuf`, mls: '87654321', expired: true, on_market: false, version: detail.version + 1 });
    expect((await readListing(l.id))?.city).toBe('Laval');
    expect((await callOp(searchListings, { search: `${word}neuf` }, tokens[Role.admin])).body).toMatchObject({ count: 1 });
    expect((await callOp(searchListings, { search: `${word}dlg` }, tokens[Role.admin])).body).toMatchObject({ count: 0 });
    const stale = await callOp(updateListing, { id: l.id, version: detail.version, street: 'x', city: 'y' }, tokens[Role.admin]);
    expect(errorOf(stale, 409).message).toBe(LISTING_MESSAGES.changedMeanwhile);
  });

  it("names each shooting's technician in the dialog (none for an unassigned one)", async () => {
    const l = await listing({ address: `5 rue ${word}tech` });
    const tech = demoAccount(Role.tech_capture);
    const at = new Date().toISOString();
    const shooting = async (scheduleddate: string, tech_id: number | null) => {
      const id = await newShootingId();
      await insertShooting(
        { id, listing_id: l.id, broker_id: 900001, scheduleddate, am: true, is_confirmed: true, state: ShootingState.confirmed, estimated_duration: 3600, room_count: 5, tech_id, created_at: at, updated_at: at },
        { lat: null, lng: null, reserved_tech_id: null },
      );
      return id;
    };
    const held = await shooting('2026-02-03', tech.id);
    const free = await shooting('2026-02-02', null);
    const { listing: detail } = bodyOf(await callOp(getListing, { id: l.id }, tokens[Role.admin]));
    expect(detail.shootings.map((s) => [s.id, s.tech])).toEqual([
      [held, { id: tech.id, firstname: tech.firstname, lastname: tech.lastname }],
      [free, null],
    ]);
  });

  it('social media and sales staff read the dialog and may not save it (403, nothing written); a capture technician, a reviewer, may', async () => {
    const l = await listing({ address: `9 rue ${word}lecture` });
    const { listing: detail } = bodyOf(await callOp(getListing, { id: l.id }, tokens[Role.sales]));
    const fields = { id: l.id, version: detail.version, mls: '', civic_number: '9', street: `rue ${word}lecture`, app: '', city: detail.city, postalcode: detail.postalcode, sold: false, expired: true };
    for (const role of [Role.social_medias, Role.sales]) expect((await callOp(updateListing, fields, tokens[role])).status, `role ${role}`).toBe(403);
    expect((await readListing(l.id))?.version).toBe(detail.version);
    expect(bodyOf(await callOp(updateListing, fields, tokens[Role.tech_capture])).listing).toMatchObject({ expired: true, version: detail.version + 1 });
  });

  it('a sold listing needs its MLS, sold date and notary date (400 naming each field)', async () => {
    const l = await listing({ address: `5 rue ${word}sold` });
    const place = { civic_number: '5', street: `rue ${word}sold`, city: 'Montréal', postalcode: 'H2X 1Y4' };
    const res = await callOp(updateListing, { id: l.id, version: 1, ...place, sold: true, mls: '', date_sold: '2026-02-30', date_notarized: null }, tokens[Role.admin]);
    expect(errorOf(res, 400).fields).toMatchObject({ mls: [LISTING_MESSAGES.soldMls], date_sold: [LISTING_MESSAGES.soldDate], date_notarized: [LISTING_MESSAGES.notarizedDate] });
    // The MLS number follows the MLS screens' rule (digits, 6 to 10): a number no provider row could match is refused.
    for (const mls of ['111', '12ab5678', '12345678901']) {
      const bad = await callOp(updateListing, { id: l.id, version: 1, ...place, sold: true, mls, date_sold: '2026-02-01', date_notarized: '2026-03-01' }, tokens[Role.admin]);
      expect(errorOf(bad, 400).fields, mls).toMatchObject({ mls: [MLS_DIGITS_MESSAGE] });
    }
    const ok = await callOp(updateListing, { id: l.id, version: 1, ...place, sold: true, mls: ' 11122233 ', date_sold: '2026-02-01', date_notarized: '2026-03-01' }, tokens[Role.admin]);
    expect(bodyOf(ok).listing).toMatchObject({ sold: true, mls: '11122233', on_market: false, date_sold: '2026-02-01', date_notarized: '2026-03-01' });
  });

  it('an unknown listing answers 404, a non-numeric id 400', async () => {
    expect((await callOp(getListing, { id: 99_999_999 }, tokens[Role.admin])).status).toBe(404);
    expect((await call('GET', '/api/listings/1e3', { token: tokens[Role.admin] })).status).toBe(400);
  });
});
