import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getListing, searchListingRows } from '#functions/storage/listings.ts';
import { configureListingSearchCache } from '#functions/storage/listing-search-cache.ts';
import { getShootingItem } from '#functions/storage/shootings.ts';
import { abandonShooting } from '#shared/catalogue/planner.ts';
import { cancelShooting, createShooting, updateShootingTime, type ShootingView } from '#shared/catalogue/shootings.ts';
import { parseListingSearch } from '#shared/rules/listing-search.ts';
import { Role } from '#shared/roles.ts';
import { tokenFor } from '../support/api.ts';
import { ownHalfDay } from '../support/days.ts';
import { bodyOf, callOp } from '../support/operations.ts';
import { bookingAt } from './booking-support.ts';

/**
 * The listing's shooting date (part 3 screen 2's column, du:/au:) is the latest date of its active
 * shootings, none when none remains: after a booking, a move (earlier too), a cancellation and an
 * abandon, in the listing and in its search entries.
 */

let broker = '';
let admin = '';
beforeAll(async () => {
  broker = (await tokenFor(Role.broker)).token;
  admin = (await tokenFor(Role.admin)).token;
  // No cached word in this process: every search here reads the blocks.
  configureListingSearchCache({ maxBytes: 0 });
});
afterAll(() => configureListingSearchCache());

/** Two mornings of one's own, the earlier first: every shooting here is booked and moved in the morning. */
const twoDays = () => [ownHalfDay(true), ownHalfDay(true)].sort() as [string, string];

/** Books on a listing of its own (its apartment): other tests book the same demo addresses. */
const listingOf = () => ({ app: `LD${Date.now() % 1e7}${Math.floor(Math.random() * 1e4)}` });
const bookOn = async (listing: { app: string }, date: string): Promise<ShootingView> => bodyOf(await callOp(createShooting, bookingAt('4500 Rue Saint-Denis', date, true, listing), broker)).data;

/** The listing's stored shooting date, and whether the date search of that one day finds it. */
async function dateOf(listingId: number): Promise<string | null> {
  return (await getListing(listingId))!.shootingdate;
}
async function foundOn(listingId: number, date: string): Promise<boolean> {
  const parsed = parseListingSearch(`du:${date} au:${date}`);
  if (!parsed.ok) throw new Error(parsed.message);
  return (await searchListingRows(parsed.search, 1_000_000)).rows.some((r) => r.id === listingId);
}

describe("the listing's shooting date follows its active shootings", () => {
  it('follows a shooting moved to an earlier day', async () => {
    const [earlier, later] = twoDays();
    const s = await bookOn(listingOf(), later);
    expect(await dateOf(s.listing.id)).toBe(later);
    bodyOf(await callOp(updateShootingTime, { shooting_id: s.id, scheduleddate: earlier, is_am: true }, broker));
    expect(await dateOf(s.listing.id)).toBe(earlier);
    expect(await foundOn(s.listing.id, earlier)).toBe(true);
    expect(await foundOn(s.listing.id, later)).toBe(false);
  });

  it('has none once its only shooting is cancelled', async () => {
    const date = ownHalfDay(true);
    const s = await bookOn(listingOf(), date);
    expect(await foundOn(s.listing.id, date)).toBe(true);
    bodyOf(await callOp(cancelShooting, { shooting_id: s.id }, broker));
    expect(await dateOf(s.listing.id)).toBeNull();
    expect(await foundOn(s.listing.id, date)).toBe(false);
  });

  it('goes back to the earlier shooting when the later one is cancelled', async () => {
    const [earlier, later] = twoDays();
    const listing = listingOf();
    const first = await bookOn(listing, earlier);
    const second = await bookOn(listing, later);
    expect(second.listing.id).toBe(first.listing.id);
    expect(await dateOf(first.listing.id)).toBe(later);
    bodyOf(await callOp(cancelShooting, { shooting_id: second.id }, broker));
    expect(await dateOf(first.listing.id)).toBe(earlier);
    expect(await foundOn(first.listing.id, earlier)).toBe(true);
    expect(await foundOn(first.listing.id, later)).toBe(false);
  });

  it('goes back to the earlier shooting when the later one is abandoned', async () => {
    const [earlier, later] = twoDays();
    const listing = listingOf();
    const first = await bookOn(listing, earlier);
    const second = await bookOn(listing, later);
    const { version } = (await getShootingItem(second.id))!;
    expect(bodyOf(await callOp(abandonShooting, { shooting_id: second.id, version }, admin))).toEqual({ success: true });
    expect(await dateOf(first.listing.id)).toBe(earlier);
    expect(await foundOn(first.listing.id, later)).toBe(false);
  });
});
