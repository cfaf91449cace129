import { beforeAll, describe, expect, it } from 'vitest';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tokenFor } from '../support/api.ts';
import { ownHalfDay } from '../support/days.ts';
import { bodyOf, callOp, errorOf } from '../support/operations.ts';
import { db, tableName } from '#functions/plumbing/aws.ts';
import { keys } from '#functions/plumbing/keys.ts';
import { demoAddress } from '#functions/plumbing/location/gazetteer.ts';
import { getListing as readListing, insertListing } from '#functions/storage/listings.ts';
import { dayFigures } from '#functions/use-cases/route-figures.ts';
import { getListing, LISTING_MESSAGES, updateListing, type ListingDetail } from '#shared/catalogue/listings.ts';
import { assignProdShooting } from '#shared/catalogue/planner.ts';
import { cancelShooting, createShooting } from '#shared/catalogue/shootings.ts';
import { ShootingState } from '#shared/enums.ts';
import { Role } from '#shared/roles.ts';
import { bookingAt, day, planningBrokerToken } from './booking-support.ts';

/** The listing dialog's address change (updateListing): the listing's point and its shootings still to take follow it. */

let admin: string;
let broker: string;
beforeAll(async () => {
  admin = (await tokenFor(Role.admin)).token;
  // Québec's broker: technicians 1014 and 1015 work there.
  broker = await planningBrokerToken(3);
});

const stored = async (id: number) => (await db.send(new GetCommand({ TableName: tableName(), Key: keys.shooting(id), ConsistentRead: true }))).Item!;
const detailOf = async (id: number) => bodyOf(await callOp(getListing, { id }, admin)).listing;
const save = (l: ListingDetail, fields: Partial<Pick<ListingDetail, 'civic_number' | 'street' | 'app' | 'city' | 'postalcode'>>) =>
  callOp(updateListing, { id: l.id, version: l.version, mls: l.mls ?? '', civic_number: l.civic_number, street: l.street, app: l.app, city: l.city, postalcode: l.postalcode, sold: false, expired: false, ...fields }, admin);

describe('a changed address', () => {
  it('moves the listing and its shootings still to take, and works out their legs again; a cancelled or past one stays', async () => {
    // An apartment of its own: the bookings make a listing no other test books.
    const app = `A${Date.now() % 1_000_000}`;
    const booking = (date: string) => bookingAt('5000 Boulevard des Gradins', date, true, { app });
    const upcoming = bodyOf(await callOp(createShooting, booking(ownHalfDay(true)), broker)).data;
    expect(bodyOf(await callOp(assignProdShooting, { shooting_id: upcoming.id, tech_id: 1014, force_assigned: false }, admin)).success).toBe(true);
    const cancelled = bodyOf(await callOp(createShooting, booking(ownHalfDay(true)), broker)).data;
    bodyOf(await callOp(cancelShooting, { shooting_id: cancelled.id }, broker));
    const past = bodyOf(await callOp(createShooting, booking(ownHalfDay(true)), broker)).data;
    await db.send(new UpdateCommand({ TableName: tableName(), Key: keys.shooting(past.id), UpdateExpression: 'SET scheduleddate = :d', ExpressionAttributeValues: { ':d': day(-3) } }));
    expect(new Set([upcoming.listing.id, cancelled.listing.id, past.listing.id]).size).toBe(1);
    const before = demoAddress('5000 Boulevard des Gradins');
    const legBefore = (await stored(upcoming.id)).distance as number;

    const after = demoAddress('1200 Avenue Cartier');
    const listing = await detailOf(upcoming.listing.id);
    const saved = bodyOf(await save(listing, { civic_number: '1200', street: 'Avenue Cartier', city: after.city, postalcode: after.postalcode })).listing;
    expect(saved).toMatchObject({ address: '1200 Avenue Cartier', version: listing.version + 1 });
    expect(await readListing(listing.id)).toMatchObject({ lat: after.lat, lng: after.lng });
    const moved = await stored(upcoming.id);
    expect(moved).toMatchObject({ lat: after.lat, lng: after.lng, tech_id: 1014 });
    // Its leg is of the route through the new point, as the day's route now runs.
    expect(moved.distance).toBe((await dayFigures(upcoming.scheduleddate)).legs.find((l) => l.shootingId === upcoming.id)!.km);
    expect(moved.distance).not.toBe(legBefore);
    for (const kept of [cancelled, past]) expect(await stored(kept.id), String(kept.id)).toMatchObject({ lat: before.lat, lng: before.lng });
    expect((await stored(cancelled.id)).state).toBe(ShootingState.canceled);
  });

  it('that cannot be located is refused on the street (400), and nothing is written', async () => {
    const l = await insertListing({ address: '12 Rue des Érables', app: '', city: 'Laval', postalcode: 'H7X 1Y4', room_count: 4, is_house: true, lat: 45.5, lng: -73.6, state: 0, mls: null, broker_id: 900001, broker: { firstname: 'Béatrice', lastname: 'Roy' }, distribution_token: null });
    const listing = await detailOf(l.id);
    const refused = errorOf(await save(listing, { civic_number: '1', street: 'Rue Qwxzvq', city: 'Nowhereville' }), 400);
    expect(refused.fields).toEqual({ street: [LISTING_MESSAGES.addressNotFound] });
    expect(await readListing(l.id)).toMatchObject({ address: '12 Rue des Érables', city: 'Laval', lat: 45.5, lng: -73.6, version: listing.version });
  });
});

describe('an address written differently but the same', () => {
  it('is not located again: case, accents, commas and the apartment leave the point where it was', async () => {
    // A point no geocoder would give for this address: it stays only if nothing locates it again.
    const l = await insertListing({ address: '12, rue des Érables', app: '', city: 'Laval', postalcode: 'H7X 1Y4', room_count: 4, is_house: true, lat: 45.1, lng: -73.1, state: 0, mls: null, broker_id: 900001, broker: { firstname: 'Béatrice', lastname: 'Roy' }, distribution_token: null });
    const listing = await detailOf(l.id);
    bodyOf(await save(listing, { civic_number: '12', street: 'RUE DES ERABLES', app: '4', city: 'laval', postalcode: 'h7x1y4' }));
    expect(await readListing(l.id)).toMatchObject({ address: '12 RUE DES ERABLES', app: '4', lat: 45.1, lng: -73.1 });
  });
});
