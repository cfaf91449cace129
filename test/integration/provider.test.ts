import { PutObjectCommand } from '@aws-sdk/client-s3';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { s3 } from '#functions/plumbing/s3.ts';
import { mediaBucket } from '#functions/plumbing/media.ts';
import { getListing, insertListing } from '#functions/storage/listings.ts';
import { brokersByCode, deleteGeneration, order, providerState, reportRows, writeGeneration, type ProviderState } from '#functions/storage/provider-records.ts';
import { brokerPage } from '#functions/use-cases/provider-reports.ts';
import { MLS_MESSAGES, getListingsWithoutMls, getMlsMatches, setMls } from '#shared/catalogue/mls.ts';
import { getBadListings, getProviderBroker, getProviderBrokerReport, getProviderBrokersCsv, getProviderFilters, getProviderImports } from '#shared/catalogue/provider.ts';
import { Role } from '#shared/roles.ts';
import { tokenFor } from '../support/api.ts';
import { bodyOf, callOp, errorOf } from '../support/operations.ts';

/**
 * Provider data (docs/decisions/0220–0222): the import of a dropped file (the demo one, refusals
 * with line and reason), the Courtiers and Franchises data, centris.csv, the broker page, the
 * bad-listing audit and the MLS screens' operations.
 */
let admin: string;
let tech: string;
let broker: { token: string; id: number };

async function waitForImport(key: string, timeoutMs = 240_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { imports } = bodyOf(await callOp(getProviderImports, {}, admin));
    const run = imports.find((i) => i.key === key && i.status !== 'running');
    if (run) return run;
    if (Date.now() > until) throw new Error(`no finished import of ${key}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

const drop = (key: string, lines: string[]) => s3.send(new PutObjectCommand({ Bucket: mediaBucket(), Key: key, Body: lines.join('\n') }));

beforeAll(async () => {
  admin = (await tokenFor(Role.admin)).token;
  tech = (await tokenFor(Role.tech_capture)).token;
  const b = await tokenFor(Role.broker);
  broker = { token: b.token, id: b.account.id };
  expect((await waitForImport('provider-imports/demo-centris.jsonl')).status).toBe('imported');
}, 300_000);

describe('provider file import', () => {
  it('refuses a file with bad rows, naming each line and reason, and keeps the data in use', async () => {
    const before = bodyOf(await callOp(getProviderFilters, {}, admin)).imported_at;
    const key = `provider-imports/bad-${Date.now()}.jsonl`;
    await drop(key, [
      JSON.stringify({ type: 'banner', code: 'ZZ', french_name: 'Bannière test' }),
      '{not json',
      JSON.stringify({ type: 'franchise', code: 'FZ1', legal_name: 'Test, "inc."', banner_code: 'ZZ' }),
      JSON.stringify({ type: 'broker', code: 'BZ1', firstname: 'Ana', lastname: 'Roy', franchise_code: 'NOPE' }),
      JSON.stringify({ type: 'listing', mls: '12ab', civic_number_start: '1', street: 'rue X', municipality: 'Laval', listing_date: '2026-01-01', main_broker: 'BZ1' }),
      JSON.stringify({ type: 'banner', code: 'ZZ', french_name: 'Encore' }),
      JSON.stringify({ type: 'condo' }),
    ]);
    const run = await waitForImport(key);
    expect(run.status).toBe('refused');
    expect(run.errors.map((e) => e.line)).toEqual([2, 4, 5, 6, 7]);
    expect(run.errors.find((e) => e.line === 4)?.reason).toMatch(/franchise_code: no franchise NOPE/);
    expect(run.errors.find((e) => e.line === 5)?.reason).toMatch(/^mls: An MLS number is 6 to 10 digits/);
    expect(run.errors.find((e) => e.line === 6)?.reason).toMatch(/already on line 1/);
    expect(bodyOf(await callOp(getProviderFilters, {}, admin)).imported_at).toBe(before);
    expect(bodyOf(await callOp(getProviderFilters, {}, admin)).banners.some((b) => b.code === 'ZZ')).toBe(false);
  });

  it('refuses an object that is not a JSON Lines file, and an empty one', async () => {
    const csv = `provider-imports/brokers-${Date.now()}.csv`;
    const empty = `provider-imports/empty-${Date.now()}.jsonl`;
    await drop(csv, ['code;name']);
    await drop(empty, ['', '  ']);
    expect(await waitForImport(csv)).toMatchObject({ status: 'refused', errors: [{ line: 0, reason: expect.stringMatching(/JSON Lines/) }] });
    expect(await waitForImport(empty)).toMatchObject({ status: 'refused', errors: [{ line: 0, reason: 'the file holds no record' }] });
  });

  it('is for administrators only', async () => {
    expect(errorOf(await callOp(getProviderImports, {}, tech), 403).code).toBe('forbidden');
    expect(errorOf(await callOp(getProviderBrokerReport, {}, broker.token), 403).code).toBe('forbidden');
    expect(errorOf(await callOp(getBadListings, {}, tech), 403).code).toBe('forbidden');
  });
});

describe('Courtiers and Franchises', () => {
  it('pages the brokers sorted on the server, and filters by banner then franchise', async () => {
    const first = bodyOf(await callOp(getProviderBrokerReport, { sortColumn: 'count', sortDir: 'desc' }, admin));
    expect(first.data).toHaveLength(50);
    expect(first.offset).toBe(50);
    const counts = first.data.map((b) => b.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const second = bodyOf(await callOp(getProviderBrokerReport, { sortColumn: 'count', sortDir: 'desc', offset: 50 }, admin));
    expect(second.data[0]!.count).toBeLessThanOrEqual(counts.at(-1)!);
    expect(new Set([...first.data, ...second.data].map((b) => b.code)).size).toBe(100);
    const byName = bodyOf(await callOp(getProviderBrokerReport, { sortColumn: 'name', sortDir: 'asc' }, admin)).data.map((b) => b.lastname);
    expect(byName[0]!.localeCompare(byName.at(-1)!, 'fr')).toBeLessThanOrEqual(0);

    const filters = bodyOf(await callOp(getProviderFilters, {}, admin));
    const banner = filters.banners[0]!;
    const franchise = filters.franchises.find((f) => f.banner_code === banner.code)!;
    const ofBanner = bodyOf(await callOp(getProviderBrokerReport, { banner: banner.code }, admin));
    expect(ofBanner.data.every((b) => b.banner_code === banner.code)).toBe(true);
    const ofFranchise = bodyOf(await callOp(getProviderBrokerReport, { banner: banner.code, franchise: franchise.code, sortColumn: 'code', sortDir: 'asc' }, admin));
    expect(ofFranchise.data.length).toBeGreaterThan(0);
    expect(ofFranchise.data.every((b) => b.franchise_code === franchise.code)).toBe(true);
    expect(ofFranchise.data.map((b) => b.code)).toEqual(ofFranchise.data.map((b) => b.code).sort());
    expect(franchise.centrisCount).toBe(ofFranchise.data.reduce((n, b) => n + b.count, 0));
  });

  it('answers 400 on a junk sort column or code', async () => {
    expect(errorOf(await callOp(getProviderBrokerReport, { sortColumn: 'password' as never }, admin), 400).fields).toHaveProperty('sortColumn');
    expect(errorOf(await callOp(getProviderBroker, { code: '../x' }, admin), 400).fields).toHaveProperty('code');
  });

  it('gives centris.csv: BOM, ";" separated, quoted names, every broker of the scope', async () => {
    const filters = bodyOf(await callOp(getProviderFilters, {}, admin));
    const quoted = filters.franchises.find((f) => f.legal_name.includes('"'))!;
    const { filename, csv } = bodyOf(await callOp(getProviderBrokersCsv, { banner: quoted.banner_code, franchise: quoted.code }, admin));
    expect(filename).toBe('centris.csv');
    expect(csv.startsWith('\uFEFFCode;Prénom;Nom;Téléphone;Courriel;Bannière;Franchise;Ville;Inscriptions;Inscriptions produit;Inscriptions en vigueur;% en vigueur;Client\r\n')).toBe(true);
    const rows = parse(csv, { bom: true, delimiter: ';', columns: true }) as Record<string, string>[];
    const page = bodyOf(await callOp(getProviderBrokerReport, { banner: quoted.banner_code, franchise: quoted.code }, admin));
    expect(rows).toHaveLength(page.total);
    expect(rows[0]!.Franchise).toBe(quoted.legal_name);
    expect(csv).toContain(`"${quoted.legal_name.replace(/"/g, '""')}"`);
    expect(['Oui', 'Peut être', 'Non']).toContain(rows[0]!.Client);
    const all = bodyOf(await callOp(getProviderBrokersCsv, {}, admin)).csv;
    expect(all.trimEnd().split('\r\n')).toHaveLength(bodyOf(await callOp(getProviderBrokerReport, {}, admin)).total + 1);
  });

  it("shows a broker's page with the provider's listings and the other brokers' names", async () => {
    const { broker: b, listings } = bodyOf(await callOp(getProviderBroker, { code: 'DEMO01' }, admin));
    expect(b).toMatchObject({ code: 'DEMO01', firstname: 'Béatrice', lastname: 'Roy', hausBroker: 1 });
    expect(listings.length).toBe(b.count);
    expect(listings.every((l) => l.brokers.includes('DEMO01'))).toBe(true);
    expect(errorOf(await callOp(getProviderBroker, { code: 'NOSUCH' }, admin), 404).code).toBe('not_found');
  });

  it('reads a page from the pages stored at import: the same rows as the order and the brokers, at any offset, both ways (ADR 0480)', async () => {
    const state = (await providerState(true))!;
    expect(state.scopeTotals?.ALL).toBe(state.counts.brokers);
    // The path of a generation imported before the pages were stored: the order, then the brokers by code.
    const byCode: ProviderState = { ...state, scopeTotals: undefined };
    const banner = bodyOf(await callOp(getProviderFilters, {}, admin)).banners[1]!.code;
    expect(state.counts.brokers).toBeGreaterThan(120);
    for (const scope of [{ sortColumn: 'count', sortDir: 'desc' }, { sortColumn: 'name', sortDir: 'asc' }, { sortColumn: 'hausBroker', sortDir: 'desc', banner }, { sortColumn: 'city', sortDir: 'asc', banner }] as const) {
      const total = state.scopeTotals![scope.banner ? `B#${scope.banner}` : 'ALL']!;
      expect(total).toBeGreaterThan(0);
      for (const offset of new Set([0, 37, 50, total - 70, total - 50, total - 1, total, total + 5].filter((o) => o >= 0))) {
        const paged = await brokerPage(state, scope, offset, 50);
        expect(paged, `${JSON.stringify(scope)} from ${offset}`).toEqual(await brokerPage(byCode, scope, offset, 50));
        expect(paged.data).toHaveLength(Math.max(0, Math.min(50, total - offset)));
      }
    }
    const whole = await brokerPage(state, { sortColumn: 'code', sortDir: 'asc' }, 0, Number.MAX_SAFE_INTEGER);
    expect(whole.data.map((b) => b.code)).toEqual(await order(state.generation, 'ALL', 'code'));
  });

  it('stores the pages with the generation and deletes them with it', async () => {
    const state = (await providerState(true))!;
    const codes = (await order(state.generation, 'ALL', 'code')).slice(0, 73);
    const brokers = await brokersByCode(state.generation, codes);
    const gen = `test-pages-${Date.now()}`;
    await writeGeneration(gen, { banners: [], franchises: [], brokers, listings: [], orders: [{ scope: 'ALL', column: 'code', codes }] });
    const rows = await reportRows(gen, 'ALL', 'code', 0, 73);
    expect(rows.map((b) => b.code)).toEqual(codes);
    expect(rows[0]).not.toHaveProperty('listings');
    expect(await reportRows(gen, 'ALL', 'code', 45, 55)).toEqual(rows.slice(45, 55));
    // 73 brokers + 1 order + 2 pages.
    expect(await deleteGeneration(gen)).toBe(76);
    expect(await reportRows(gen, 'ALL', 'code', 0, 73)).toEqual([]);
  });
});

describe('MLS screens and the audit', () => {
  it('matches our listings with the provider: matched, ambiguous and unmatched, each in its tab', async () => {
    const { counts, items } = bodyOf(await callOp(getMlsMatches, {}, tech));
    expect(counts.matched).toBeGreaterThan(0);
    expect(counts.ambiguous).toBeGreaterThan(0);
    expect(counts.unmatched).toBeGreaterThan(0);
    const sherbrooke = items.find((i) => i.listing.address === '45 rue Saint-Paul Est')!;
    expect(sherbrooke).toMatchObject({ outcome: 'matched', tab: 'associated' });
    expect(sherbrooke.provider!.mls).toBe(sherbrooke.listing.mls);
    expect(items.find((i) => i.listing.mls === '19000001')?.tab).toBe('unassociated');
    expect(items.filter((i) => i.tab === 'mlsNull').every((i) => i.listing.mls === null)).toBe(true);
    expect(items.find((i) => i.outcome === 'ambiguous')!.candidates.length).toBeGreaterThan(1);
    console.info(`MLS match-making on the demo data: ${JSON.stringify(counts)}`);
  });

  it('lists listings without MLS and saves a numeric MLS (400 otherwise, 404 on an unknown listing)', async () => {
    const mine = await insertListing({ address: `9${Date.now() % 1000} rue du Test`, city: 'Laval', postalcode: 'H7A 1A1', room_count: 3, is_house: true, lat: 45.6, lng: -73.7, state: 0, broker_id: broker.id, broker: { firstname: 'Béatrice', lastname: 'Roy' } });
    expect(bodyOf(await callOp(getListingsWithoutMls, {}, tech)).listings.some((l) => l.id === mine.id)).toBe(true);
    expect(errorOf(await callOp(setMls, { listingId: mine.id, mls: '12a45678' }, tech), 400).fields).toHaveProperty('mls');
    expect(errorOf(await callOp(setMls, { listingId: mine.id, mls: '' }, tech), 400).fields?.mls).toContain('Enter the MLS number.');
    expect(errorOf(await callOp(setMls, { listingId: 987654321, mls: '12345678' }, tech), 404).code).toBe('not_found');
    expect(bodyOf(await callOp(setMls, { listingId: mine.id, mls: '12345678' }, tech))).toEqual({ listingId: mine.id, mls: '12345678' });
    expect(bodyOf(await callOp(getListingsWithoutMls, {}, tech)).listings.some((l) => l.id === mine.id)).toBe(false);
    expect(errorOf(await callOp(getListingsWithoutMls, {}, broker.token), 403).code).toBe('forbidden');
  });

  it("saves over the number the screen showed only: another user's number set meanwhile answers 409 and stays", async () => {
    const mine = await insertListing({ address: `8${Date.now() % 1000} rue du Test`, city: 'Laval', postalcode: 'H7A 1A1', room_count: 3, is_house: true, lat: 45.6, lng: -73.7, state: 0, broker_id: broker.id, broker: { firstname: 'Béatrice', lastname: 'Roy' } });
    // Two screens show it without MLS; the first saves.
    expect(bodyOf(await callOp(setMls, { listingId: mine.id, mls: '23456789', shown: null }, tech))).toEqual({ listingId: mine.id, mls: '23456789' });
    expect(errorOf(await callOp(setMls, { listingId: mine.id, mls: '34567890', shown: null }, admin), 409).message).toBe(MLS_MESSAGES.changedMeanwhile);
    expect((await getListing(mine.id))!.mls).toBe('23456789');
    // From the number now shown, the change goes through.
    expect(bodyOf(await callOp(setMls, { listingId: mine.id, mls: '34567890', shown: '23456789' }, admin)).mls).toBe('34567890');
  });

  it('audits listings whose MLS the provider does not list (MISSING) or whose broker code we lack', async () => {
    const { rows } = bodyOf(await callOp(getBadListings, {}, admin));
    const missing = rows.find((r) => r.listing_mls === '19000001')!;
    expect(missing).toMatchObject({ provider_mls: null, provider_address: null, broker_code: 'DEMO01', problems: ['missing'] });
    expect(rows.some((r) => r.listing_mls === '12345678' && r.problems.includes('missing'))).toBe(true);
  });
});
