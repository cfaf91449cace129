import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { call, tokenFor } from '../support/api.ts';
import { ownDay, ownHalfDay, quietDay } from '../support/days.ts';
import { bodyOf, callHere, callOp, errorOf } from '../support/operations.ts';
import { outboxMails } from '../support/outbox.ts';
import { newUser } from './session-support.ts';
import { handler as createShootingHere } from '#functions/shootings/create-shooting.ts';
import { listServiceOffers } from '#functions/storage/service-offers.ts';
import { getShootingItem } from '#functions/storage/shootings.ts';
import { db, tableName } from '#functions/plumbing/aws.ts';
import { keys } from '#functions/plumbing/keys.ts';
import { lockDay, unlockDay } from '#functions/storage/day-locks.ts';
import { readGuard } from '#functions/storage/half-day.ts';
import { BOOKING_MESSAGES, SHOOTING_MESSAGES, createShooting, geocodeAddress, getAllShootings, suggestAddresses, validateShootingCity } from '#shared/catalogue/shootings.ts';
import { addDays, dayStartMs, localDateOf } from '#shared/rules/business-time.ts';
import type { ErrorBody, InputOf } from '#shared/catalogue/index.ts';
import { ShootingState } from '#shared/enums.ts';
import { getListing, updateListing } from '#shared/catalogue/listings.ts';
import { Role } from '#shared/roles.ts';
import { estimateServiceTime } from '#shared/rules/service-time.ts';
import { bookingAt, day, planningBrokerToken } from './booking-support.ts';

async function brokerShootingIds(token: string): Promise<number[]> {
  return bodyOf(await callOp(getAllShootings, {}, token)).data.map((s) => s.id);
}

describe('address suggestions and geocoding (offline gazetteer)', () => {
  let token: string;
  beforeAll(async () => {
    token = (await tokenFor(Role.broker)).token;
  });

  it('suggests Canadian addresses and municipalities, accents and case ignored', async () => {
    const res = bodyOf(await callOp(suggestAddresses, { text: '4500 saint-denis' }, token));
    expect(res.suggestions[0]!.text).toBe('4500 Rue Saint-Denis, Montréal, QC H2J 2L3, CAN');
    const towns = bodyOf(await callOp(suggestAddresses, { text: 'levis' }, token));
    expect(towns.suggestions.map((s) => s.text)).toContain('Lévis, QC, CAN');
  });

  it('geocodes a suggestion into address, city, postal code and position; 404 when unknown', async () => {
    const { suggestions } = bodyOf(await callOp(suggestAddresses, { text: '1200 cartier' }, token));
    const res = bodyOf(await callOp(geocodeAddress, { place_id: suggestions[0]!.place_id }, token));
    expect(res).toMatchObject({ address: '1200 Avenue Cartier', city: 'Québec', postalcode: 'G1R 2S4' });
    expect((await callOp(geocodeAddress, { place_id: 'gaz:nowhere' }, token)).status).toBe(404);
    expect((await callOp(geocodeAddress, {}, token)).status).toBe(400);
  });
});

describe('validateShootingCity', () => {
  let token: string;
  beforeAll(async () => {
    token = (await tokenFor(Role.broker)).token;
  });
  const check = (input: InputOf<typeof validateShootingCity>) => callOp(validateShootingCity, input, token);

  it.each(['Montréal', 'montreal', 'Laval', 'Longueuil', 'Brossard', 'Québec', 'Lévis', 'Terrebonne'])('%s is supported (200)', async (city) => {
    expect((await check({ city })).status).toBe(200);
  });

  it.each(['Sherbrooke', 'Gatineau', 'Atlantis'])("%s is not: 422 'Le service n'est pas disponible dans cette ville.'", async (city) => {
    expect(errorOf(await check({ city }), 422).message).toBe("Le service n'est pas disponible dans cette ville.");
  });

  it('checks the picked address when its position is given, and refuses an empty city (400)', async () => {
    expect((await check({ city: 'Montréal', lat: 45.4042, lng: -71.8929 })).status).toBe(422);
    expect((await check({ city: '' })).status).toBe(400);
  });
});

describe('createShooting', () => {
  let token: string;
  beforeAll(async () => {
    token = (await tokenFor(Role.broker)).token;
  });

  it('creates the listing and the shooting unconfirmed in its half-day, with the estimated duration and a reserved technician', async () => {
    const date = ownHalfDay(false);
    const s = bodyOf(await callOp(createShooting, bookingAt('6000 Boulevard Saint-Laurent', date, false, { app: '3', room_count: 7, note: 'Chien gentil' }), token)).data;
    expect(s).toMatchObject({ scheduleddate: date, am: false, is_confirmed: false, state: ShootingState.unconfirmed, note: 'Chien gentil', room_count: 7 });
    expect(s.estimated_duration).toBe(estimateServiceTime({ roomCount: 7, isHouse: true, only360: false }).seconds);
    expect(s.listing).toMatchObject({ address: '6000 Boulevard Saint-Laurent', app: '3', city: 'Montréal', room_count: 7, is_house: true, broker: { firstname: 'Béatrice', lastname: 'Roy' } });
    const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.shooting(s.id) }));
    expect(Item!.reserved_tech_id).toEqual(expect.any(Number));
    expect(Item!.tech_id).toBeNull();
    const guard = await db.send(new GetCommand({ TableName: tableName(), Key: keys.halfDay(date, false) }));
    expect([...(guard.Item!.shooting_ids as Set<number>)]).toContain(s.id);

    // Booking the same address again links the same listing.
    const again = bodyOf(await callOp(createShooting, bookingAt('6000 Boulevard Saint-Laurent', ownHalfDay(true), true, { app: '3', is_existing_listing: true, only_360: true }), token));
    expect(again.data.listing.id).toBe(s.listing.id);
    expect(again.data.only_360).toBe(true);
  });

  it('e-mails the broker the request as saved: its number, address, day and half-day window, services and the link to their shootings, French then English', async () => {
    const date = ownHalfDay(false);
    const app = `M${randomUUID().slice(0, 6)}`;
    const s = bodyOf(await callOp(createShooting, bookingAt('6000 Boulevard Saint-Laurent', date, false, { app }), token)).data;
    const mail = outboxMails().find((m) => m.text.includes(`n° ${s.id}.`));
    expect(mail, 'the booking e-mail is in the outbox').toBeDefined();
    expect(mail!.to).toBe('broker@demo.immo.test');
    expect(mail!.cc).toEqual([]);
    expect(mail!.subject).toBe(`Demande de séance reçue / Booking request received — 6000 Boulevard Saint-Laurent #${app}, Montréal`);
    const names = new Map((await listServiceOffers()).map((o) => [o.id, o]));
    const offers = ((await getShootingItem(s.id))!.service_offers as number[]).map((id) => names.get(id)!);
    const day = new Date(`${date}T12:00:00Z`);
    const fr = new Intl.DateTimeFormat('fr-CA', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(day);
    const en = new Intl.DateTimeFormat('en-CA', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(day);
    for (const line of [
      'Bonjour Béatrice,',
      `Nous avons bien reçu votre demande de séance n° ${s.id}.`,
      `- Adresse : 6000 Boulevard Saint-Laurent #${app}, Montréal`,
      `- Date : ${fr}, en après-midi (arrivée entre 12h30 et 17h00)`,
      `- Services : ${offers.map((o) => o.display_name_fr).join(', ')}`,
      'Hello Béatrice,',
      `We have received your booking request no. ${s.id}.`,
      `- Date: ${en}, afternoon (arrival between 12:30 p.m. and 5:00 p.m.)`,
      `- Services: ${offers.map((o) => o.display_name).join(', ')}`,
    ]) {
      expect(mail!.text.split('\n'), line).toContain(line);
    }
    expect(mail!.text).toMatch(/from your shootings: https?:\/\/[^/\s]+\/shooting\n/);
    expect(mail!.html).toContain(`<li>Adresse : 6000 Boulevard Saint-Laurent #${app}, Montréal</li>`);
  });

  it("an administrator's booking e-mails the broker it is for, copying their notification e-mails; a mail that cannot be sent leaves the booking saved and answered", async () => {
    const { token: admin } = await tokenFor(Role.admin);
    const broker = await newUser(Role.broker);
    const assistant = `adjointe-${broker.id}@exemple.com`;
    await db.send(
      new UpdateCommand({ TableName: tableName(), Key: keys.user(broker.id), UpdateExpression: 'SET notification_email = :n', ExpressionAttributeValues: { ':n': [assistant, broker.email.toUpperCase(), ` ${assistant} `] } }),
    );
    const forBroker = bodyOf(await callOp(createShooting, bookingAt('6000 Boulevard Saint-Laurent', ownHalfDay(true), true, { app: `A${randomUUID().slice(0, 6)}`, broker_id: broker.id }), admin)).data;
    const mails = outboxMails().filter((m) => m.text.includes(`n° ${forBroker.id}.`));
    expect(mails.map((m) => [m.to, m.cc])).toEqual([[broker.email, [assistant]]]);

    // The outbox cannot be written (a file stands where its folder should be): the booking is saved all the same.
    const outbox = process.env.MAIL_OUTBOX_DIR;
    process.env.MAIL_OUTBOX_DIR = join(fileURLToPath(import.meta.url), 'outbox');
    const answer = await callHere(createShootingHere, createShooting, bookingAt('6000 Boulevard Saint-Laurent', ownHalfDay(false), false, { app: `F${randomUUID().slice(0, 6)}` }), token).finally(() => {
      process.env.MAIL_OUTBOX_DIR = outbox;
    });
    const saved = bodyOf(answer).data;
    expect((await getShootingItem(saved.id))!.state).toBe(ShootingState.unconfirmed);
    expect(outboxMails().some((m) => m.text.includes(`n° ${saved.id}.`))).toBe(false);
  });

  it('links a booking to a listing of the same address by its letters of any script: apartments Œ and Æ are two listings', async () => {
    const first = bodyOf(await callOp(createShooting, bookingAt('1500 Rue Ontario Est', ownHalfDay(true), true, { app: 'Œ' }), token)).data;
    const other = bodyOf(await callOp(createShooting, bookingAt('1500 Rue Ontario Est', ownHalfDay(false), false, { app: 'Æ', is_existing_listing: true }), token)).data;
    expect(other.listing.id).not.toBe(first.listing.id);
    expect(other.listing.app).toBe('Æ');
    const same = bodyOf(await callOp(createShooting, bookingAt('1500 Rue Ontario Est', ownHalfDay(true), true, { address: '1500, rue Ontario Est', app: 'œ', is_existing_listing: true }), token)).data;
    expect(same.listing.id).toBe(first.listing.id);
  });

  it('makes one listing of two bookings of a new address sent at once: both shootings are on it', async () => {
    // An apartment of its own: no listing of this broker has this address yet.
    const app = `C${randomUUID().slice(0, 8)}`;
    const date = ownHalfDay(true);
    const answers = await Promise.all([1, 2].map(() => callOp(createShooting, bookingAt('1000 Rue Sherbrooke Ouest', date, true, { app }), token)));
    const [a, b] = answers.map((res) => bodyOf(res).data);
    expect(b!.listing.id).toBe(a!.listing.id);
    const mine = bodyOf(await callOp(getAllShootings, {}, token)).data.filter((s) => s.listing.app === app);
    expect(new Set(mine.map((s) => s.listing.id))).toEqual(new Set([a!.listing.id]));
  });

  it('books a new listing at an address whose listing moved elsewhere since; the moved one is booked at its new address', async () => {
    const admin = (await tokenFor(Role.admin)).token;
    const app = `D${randomUUID().slice(0, 8)}`;
    const date = ownHalfDay(false);
    const first = bodyOf(await callOp(createShooting, bookingAt('1000 Rue Sherbrooke Ouest', date, false, { app }), token)).data;
    const l = bodyOf(await callOp(getListing, { id: first.listing.id }, admin)).listing;
    const moved = { id: l.id, version: l.version, mls: l.mls ?? '', civic_number: l.civic_number, street: l.street, app: `${app}-2`, city: l.city, postalcode: l.postalcode, sold: false, expired: false };
    expect((await callOp(updateListing, moved, admin)).status).toBe(200);

    const again = bodyOf(await callOp(createShooting, bookingAt('1000 Rue Sherbrooke Ouest', date, false, { app }), token)).data;
    expect(again.listing.id).not.toBe(first.listing.id);
    const third = bodyOf(await callOp(createShooting, bookingAt('1000 Rue Sherbrooke Ouest', date, false, { app, is_existing_listing: true }), token)).data;
    expect(third.listing.id).toBe(again.listing.id);
    const there = bodyOf(await callOp(createShooting, bookingAt('1000 Rue Sherbrooke Ouest', date, false, { app: `${app}-2`, is_existing_listing: true }), token)).data;
    expect(there.listing.id).toBe(first.listing.id);
  });

  it('answers a request sent again with its request_id with the shooting it made, booking nothing more; other details under that id are refused', async () => {
    const date = ownDay();
    const input = bookingAt('1500 Rue Ontario Est', date, true, { request_id: randomUUID() });
    const first = bodyOf(await callOp(createShooting, input, token)).data;
    const again = bodyOf(await callOp(createShooting, input, token)).data;
    expect(again).toEqual(first);
    expect((await readGuard(date, true)).shooting_ids).toEqual([first.id]);
    // The broker was mailed once, for the booking, not for its answer sent again.
    expect(outboxMails().filter((m) => m.text.includes(`n° ${first.id}.`))).toHaveLength(1);

    const reused = errorOf(await callOp(createShooting, { ...input, note: 'Autre chose' }, token), 409);
    expect(reused.message).toBe(BOOKING_MESSAGES.requestReused);
    expect((await readGuard(date, true)).shooting_ids).toEqual([first.id]);
    // An id is its sender's: another broker's request with the same id books its own shooting.
    const other = bodyOf(await callOp(createShooting, { ...input, is_am: false }, await planningBrokerToken())).data;
    expect(other.id).not.toBe(first.id);
  });

  it('books once when the same request is sent twice at once; both answers name that shooting', async () => {
    const date = ownHalfDay(false);
    const input = bookingAt('1600 Boulevard Le Corbusier', date, false, { request_id: randomUUID() });
    const answers = await Promise.all([callOp(createShooting, input, token), callOp(createShooting, input, token)]);
    const [a, b] = answers.map((res) => bodyOf(res).data);
    expect(b!.id).toBe(a!.id);
    expect((await readGuard(date, false)).shooting_ids).toEqual([a!.id]);
    expect(outboxMails().filter((m) => m.text.includes(`n° ${a!.id}.`))).toHaveLength(1);
  });

  it('refuses a request_id that is not a UUID (400 on the field), writing nothing', async () => {
    const before = await brokerShootingIds(token);
    const res = await call<ErrorBody>('POST', '/api/shootings', { token, body: { ...bookingAt('4500 Rue Saint-Denis', quietDay(), true), request_id: '../../x' } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields ?? {})).toEqual(['request_id']);
    expect(await brokerShootingIds(token)).toEqual(before);
  });

  it('refuses bad input with 400 and field errors, writing nothing', async () => {
    const before = await brokerShootingIds(token);
    // Raw call: a room count in words breaks the input type on purpose.
    const res = await call<ErrorBody>('POST', '/api/shootings', {
      token,
      body: { ...bookingAt('4500 Rue Saint-Denis', quietDay(), true), postalcode: 'H2J', room_count: 'four', scheduleddate: 'soon' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields?.postalcode).toEqual(['The postal code must contain at least 6 characters.']);
    expect(Object.keys(res.body.error.fields ?? {})).toEqual(expect.arrayContaining(['room_count', 'scheduleddate']));
    // Values a coercion would have made numbers (false and '' → 0 rooms, null → latitude 0, [5] → 5) are refused on their field.
    const coerced = await call<ErrorBody>('POST', '/api/shootings', { token, body: { ...bookingAt('4500 Rue Saint-Denis', quietDay(), true), room_count: false, lat: null, lng: [-73.6] } });
    expect(coerced.status).toBe(400);
    expect(Object.keys(coerced.body.error.fields ?? {}).sort()).toEqual(['lat', 'lng', 'room_count']);
    expect(await brokerShootingIds(token)).toEqual(before);
  });

  it('refuses an address outside the photoshoot zones (422) and a half-day already started (422), writing nothing', async () => {
    const before = await brokerShootingIds(token);
    const out = errorOf(await callOp(createShooting, bookingAt('100 Rue Wellington Nord', quietDay(), true), token), 422);
    expect(out.message).toBe(SHOOTING_MESSAGES.cityNotSupported);
    expect((await callOp(createShooting, bookingAt('4500 Rue Saint-Denis', day(-1), false), token)).status).toBe(422);
    expect(await brokerShootingIds(token)).toEqual(before);
  });

  it('is for brokers and, on behalf of a broker, admin levels: other staff get 403 (booking-on-behalf.test.ts)', async () => {
    const postprod = (await tokenFor(Role.tech_postprod)).token;
    expect((await callOp(createShooting, bookingAt('4500 Rue Saint-Denis', quietDay(), true), postprod)).status).toBe(403);
  });

  it('two brokers racing for the last free half-day: exactly one booking succeeds, the other gets 409', async () => {
    const date = ownDay();
    await lockDay(date, 1015);
    try {
      const big = { room_count: 30 };
      const first = await callOp(createShooting, bookingAt('1200 Avenue Cartier', date, true, big), await planningBrokerToken(3));
      expect(first.status).toBe(200);
      // One more 30-room morning fits technician 1014 (the only one left in Québec); two do not.
      const [a, b] = await Promise.all([
        callOp(createShooting, bookingAt('800 Boulevard René-Lévesque Ouest', date, true, big), token),
        callOp(createShooting, bookingAt('2500 Boulevard Laurier', date, true, big), await planningBrokerToken(3)),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      expect(errorOf(a.status === 409 ? a : b, 409).message).toBe(SHOOTING_MESSAGES.slotTaken);
      const guard = await db.send(new GetCommand({ TableName: tableName(), Key: keys.halfDay(date, true), ConsistentRead: true }));
      expect((guard.Item!.shooting_ids as Set<number>).size).toBe(2);
    } finally {
      await unlockDay(date, 1015);
    }
  });

  it('many concurrent bookings into one half-day never overbook it', async () => {
    const date = ownDay();
    await lockDay(date, 1015);
    try {
      const broker = await planningBrokerToken(3);
      const addresses = ['1200 Avenue Cartier', '800 Boulevard René-Lévesque Ouest', '2500 Boulevard Laurier', '5000 Boulevard des Gradins'];
      const book = (a: string) => callOp(createShooting, bookingAt(a, date, true, { room_count: 30 }), broker);
      const answers = await Promise.all(addresses.map(book));
      // Each answer with its message, so a failure says what the others answered.
      const said = answers.map((r) => (r.ok ? `${r.status}` : `${r.status} ${r.body.error.message} ${JSON.stringify(r.body.error.details)}`)).sort();
      // One or two fit, depending on which address wins first (travel between the pair); the others
      // find the half-day full ('no_time'), not the database too busy to try.
      const booked = answers.filter((r) => r.ok).length;
      expect(said).toEqual([...Array(booked).fill('200'), ...Array(4 - booked).fill(`409 ${SHOOTING_MESSAGES.slotTaken} ${JSON.stringify({ reason: 'no_time' })}`)]);
      expect(booked).toBeGreaterThanOrEqual(1);
      expect(booked).toBeLessThanOrEqual(2);
      const guard = await db.send(new GetCommand({ TableName: tableName(), Key: keys.halfDay(date, true), ConsistentRead: true }));
      expect((guard.Item!.shooting_ids as Set<number>).size).toBe(booked);
      // Every refusal was right: booked again alone, after the race, each refused address is still refused.
      for (const [i, r] of answers.entries()) if (!r.ok) expect((await book(addresses[i]!)).status).toBe(409);
    } finally {
      await unlockDay(date, 1015);
    }
  });
});

describe('business dates (Quebec local days, the time slots’ date_in_ts)', () => {
  it('maps a day to its local midnight, across daylight-saving changes, and back', () => {
    expect(dayStartMs('2026-07-01')).toBe(Date.parse('2026-07-01T04:00:00Z'));
    expect(dayStartMs('2026-01-15')).toBe(Date.parse('2026-01-15T05:00:00Z'));
    expect(dayStartMs('2026-03-08')).toBe(Date.parse('2026-03-08T05:00:00Z'));
    expect(dayStartMs('2026-11-01')).toBe(Date.parse('2026-11-01T04:00:00Z'));
    for (const d of ['2026-03-08', '2026-03-09', '2026-11-01', '2026-11-02', '2026-12-31']) {
      expect(localDateOf(dayStartMs(d))).toBe(d);
      expect(localDateOf(dayStartMs(d) + 22.5 * 3_600_000)).toBe(d); // 8 March 2026 has 23 hours
    }
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(localDateOf(Date.parse('2026-11-23T03:30:00Z'))).toBe('2026-11-22');
  });
});
