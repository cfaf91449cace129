import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { searchListings } from '#shared/catalogue/listings.ts';
import { Role } from '#shared/roles.ts';
import { db } from '#functions/plumbing/aws.ts';
import { getListing, insertListing, noteListingShootingDate, setListingMls } from '#functions/storage/listings.ts';
import { insertShooting, newShootingId } from '#functions/storage/shootings.ts';
import { followListingShootingDate } from '#functions/use-cases/booked-listing.ts';
import { ShootingState } from '#shared/enums.ts';
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

  describe('a change whose index writes fail half way', () => {
    const FAULT = 'refuse-block-writes';
    afterEach(() => void db.middlewareStack.remove(FAULT));

    it('is indexed in full by the next change, the same save retried', async () => {
      const l = await insertListing({ address: `7 rue ${word}rt`, app: '', city: 'Laval', postalcode: 'H7X 1Y4', room_count: 4, is_house: true, lat: 45.5, lng: -73.7, state: 0, mls: null, broker_id: 900002, broker: { firstname: 'Zoé', lastname: 'Côté' } });
      expect((await search(`${word}rt mls:null`)).count).toBe(1);
      const mls = String(40_000_000 + Math.floor(Math.random() * 1e6));
      // Every write to a word's block is refused (throttled) after the listing itself is saved.
      db.middlewareStack.add(
        (next, context) => async (args) => {
          const pk = (args as { input?: { Key?: { pk?: string | { S?: string } } } }).input?.Key?.pk;
          if (context.commandName === 'UpdateItemCommand' && (typeof pk === 'string' ? pk : pk?.S)?.startsWith('LWORD#')) {
            throw Object.assign(new Error('injected: throttled'), { name: 'ProvisionedThroughputExceededException' });
          }
          return next(args);
        },
        { step: 'initialize', name: FAULT, override: true },
      );
      // The number is saved: the save says so (the failed index write is logged, ADR 0635).
      expect(await setListingMls(l.id, mls)).toBe(true);
      db.middlewareStack.remove(FAULT);
      expect((await getListing(l.id))!.mls).toBe(mls);

      // The user saves again: same MLS, same words; the entries the failed change never wrote are written now.
      expect(await setListingMls(l.id, mls)).toBe(true);
      expect((await search(`${word}rt ${mls}`)).listings.map((r) => [r.id, r.mls])).toEqual([[l.id, mls]]);
      expect((await search(`${word}rt mls:null`)).count).toBe(0);
    });

    it("does not fail a booking that has committed: the listing's date is logged as not noted, and the booking answers", async () => {
      const l = await insertListing({ address: `9 rue ${word}bk`, app: '', city: 'Laval', postalcode: 'H7X 1Y4', room_count: 4, is_house: true, lat: 45.5, lng: -73.7, state: 0, mls: null, broker_id: 900002, broker: { firstname: 'Zoé', lastname: 'Côté' } });
      const now = new Date().toISOString();
      const booked = await insertShooting(
        { id: await newShootingId(), listing_id: l.id, broker_id: 900002, scheduleddate: '2026-05-06', am: true, is_confirmed: false, state: ShootingState.unconfirmed, estimated_duration: 3600, room_count: 4, created_at: now, updated_at: now },
        { lat: 45.5, lng: -73.7, reserved_tech_id: null },
      );
      db.middlewareStack.add(
        (next, context) => async (args) => {
          if (context.commandName === 'UpdateItemCommand') throw Object.assign(new Error('injected: timed out'), { name: 'TimeoutError' });
          return next(args);
        },
        { step: 'initialize', name: FAULT, override: true },
      );
      const logged: unknown[][] = [];
      await followListingShootingDate(booked, (...parts: unknown[]) => logged.push(parts));
      db.middlewareStack.remove(FAULT);
      expect(logged).toEqual([['listing shooting date not noted', { listing: l.id, shooting: booked.id, error: 'injected: timed out' }]]);
      await followListingShootingDate(booked, (...parts: unknown[]) => logged.push(parts));
      expect((await getListing(l.id))!.shootingdate).toBe('2026-05-06');
      expect(logged).toHaveLength(1);
    });
  });
});
