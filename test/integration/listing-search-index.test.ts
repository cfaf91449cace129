import { beforeAll, describe, expect, it } from 'vitest';
import { searchListings } from '#shared/catalogue/listings.ts';
import { Role } from '#shared/roles.ts';
import { getListing, insertListing, noteListingShootingDate, setListingMls } from '#functions/storage/listings.ts';
import { tokenFor } from '../support/api.ts';
import { bodyOf, callOp } from '../support/operations.ts';

/** The search rows come from the index entries (ADR 0345): they follow the listing's last write, whatever order its changes are indexed in. */

let token = '';
beforeAll(async () => {
  token = (await tokenFor(Role.admin)).token;
});

const word = `zx${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const search = async (s: string) => bodyOf(await callOp(searchListings, { search: s }, token));

describe('listing search index (ADR 0345)', () => {
  it('concurrent changes of one listing leave its last values in the row and nothing under the words it lost', async () => {
    const l = await insertListing({ address: `12 rue ${word}`, app: '', city: 'Laval', postalcode: 'H7X 1Y4', room_count: 4, is_house: true, lat: 45.5, lng: -73.7, state: 0, mls: null, broker_id: 900002, broker: { firstname: 'Zoé', lastname: 'Côté' } });
    const base = 30_000_000 + Math.floor(Math.random() * 60_000_000);
    const numbers = Array.from({ length: 6 }, (_v, i) => String(base + i * 1_000_003));
    await Promise.all([...numbers.map((mls) => setListingMls(l.id, mls)), noteListingShootingDate(l.id, '2026-04-02')]);
    const stored = (await getListing(l.id))!;
    const found = await search(word);
    expect(found.count).toBe(1);
    expect(found.listings[0]).toMatchObject({ id: l.id, mls: stored.mls, shootingdate: '2026-04-02', address: `12 rue ${word}`, broker: { id: 900002, firstname: 'Zoé', lastname: 'Côté' } });
    for (const mls of numbers) expect((await search(`${word} ${mls}`)).count, mls).toBe(mls === stored.mls ? 1 : 0);
    expect((await search(`${word} mls:null`)).count).toBe(0);
  });

  it('a listing without visits shows zeros', async () => {
    const l = await insertListing({ address: `5 avenue ${word}nv`, app: '2', city: 'Montréal', postalcode: 'H2X 1Y4', room_count: 4, is_house: false, lat: 45.5, lng: -73.6, state: 0, mls: null, broker_id: 900002, broker: { firstname: 'Zoé', lastname: 'Côté' } });
    const [row] = (await search(`${word}nv`)).listings;
    expect(row).toMatchObject({ id: l.id, app: '2', mls: null, shootingdate: null, visitor: 0, session: 0, completed: 0, average_minutes: 0 });
  });
});
