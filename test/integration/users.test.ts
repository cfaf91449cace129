import { beforeAll, describe, expect, it } from 'vitest';
import { getDepots } from '#shared/catalogue/depots.ts';
import { getAllServiceOffers, getAllShootingPackages } from '#shared/catalogue/offers.ts';
import { changePassword, getUserFromToken } from '#shared/catalogue/session.ts';
import { createUser, getAllShootingsOfBroker, getAllShootingsOfTech, getBrokerTeam, getUserData, getUsers, putUserData, USER_MESSAGES, USER_SHOOTINGS_MAX, type UserData } from '#shared/catalogue/users.ts';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#functions/plumbing/aws.ts';
import { createShootingPut, newShootingId } from '#functions/storage/shootings.ts';
import { ShootingState } from '#shared/enums.ts';
import { addDays } from '#shared/rules/business-time.ts';
import { getZones } from '#shared/catalogue/zones.ts';
import { createCalendarFeed, getCalendarFeed, getCalendarFeedIcs } from '#shared/catalogue/schedule.ts';
import type { InputOf } from '#shared/catalogue/operation.ts';
import { PASSWORD_MESSAGES } from '#shared/rules/password.ts';
import { PHONE_MESSAGE } from '#shared/rules/phone-number.ts';
import { Subscription } from '#shared/enums.ts';
import { Role } from '#shared/roles.ts';
import { nextId } from '#functions/plumbing/ids.ts';
import { createSession } from '#functions/plumbing/sessions.ts';
import { insertUser } from '#functions/storage/users.ts';
import { getListing, insertListing } from '#functions/storage/listings.ts';
import { searchListings } from '#shared/catalogue/listings.ts';
import { tokenFor } from '../support/api.ts';
import { bodyOf, callOp, errorOf } from '../support/operations.ts';

/** Part 2 "User list and user form": the user operations through the local adapter, against DynamoDB Local. */

let superadmin: string;
let admin: { token: string; id: number };
let tech: { token: string; id: number };
let broker: { token: string; id: number };
let techFields: { depot_id: number; zone_id: number; backupZones: number[]; shooting_packages: number[]; service_offers: number[] };

beforeAll(async () => {
  superadmin = (await tokenFor(Role.superadmin)).token;
  const a = await tokenFor(Role.admin);
  admin = { token: a.token, id: a.account.id };
  const t = await tokenFor(Role.tech_capture);
  tech = { token: t.token, id: t.account.id };
  const b = await tokenFor(Role.broker);
  broker = { token: b.token, id: b.account.id };
  const [depots, zones, offers, packages] = await Promise.all([
    callOp(getDepots, {}, admin.token),
    callOp(getZones, { type: 1 }, admin.token),
    callOp(getAllServiceOffers, {}, admin.token),
    callOp(getAllShootingPackages, {}, admin.token),
  ]);
  const zoneIds = bodyOf(zones).zones.map((z) => z.id);
  techFields = {
    depot_id: bodyOf(depots).depots[0]!.id,
    zone_id: zoneIds[0]!,
    backupZones: zoneIds.slice(1, 3),
    shooting_packages: [bodyOf(packages).data[0]!.id],
    service_offers: bodyOf(offers).data.slice(0, 2).map((o) => o.id),
  };
});

let emails = 0;
const freshEmail = (prefix = 'it') => `${prefix}.${Date.now().toString(36)}.${(emails += 1)}@users.test`;

type CreateInput = InputOf<typeof createUser>;
const base = (over: Partial<CreateInput> = {}): CreateInput => ({ firstname: 'Alix', lastname: 'Tremblay', email: freshEmail(), role: Role.client, password: 'secret1', confirmation: 'secret1', ...over });

async function create(over: Partial<CreateInput> = {}, as = admin.token): Promise<UserData> {
  return bodyOf(await callOp(createUser, base(over), as)).data;
}

/** The form's save: every field as read, with changes. */
const saved = (u: UserData, over: Partial<InputOf<typeof putUserData>> = {}): InputOf<typeof putUserData> => {
  const { userZones: _z, userServiceOffers: _o, userShootingPackages: _p, franchise: _f, ...fields } = u;
  return { ...fields, ...over };
};

/** A live session of a user, as a login would make it (no scrypt: the stamp is the user's current one). */
async function sessionOf(u: UserData, stamp = 0): Promise<string> {
  return (await createSession({ id: u.id, firstname: u.firstname, lastname: u.lastname, email: u.email, role: u.role }, stamp)).token;
}

describe('roles (routes /users: 1, 2, 4, 5, 8, 10, 12)', () => {
  it('lets the route roles list users; a broker gets 403; only admin levels create', async () => {
    for (const token of [tech.token, admin.token, superadmin]) expect((await callOp(getUsers, {}, token)).status).toBe(200);
    expect(errorOf(await callOp(getUsers, {}, broker.token), 403).code).toBe('forbidden');
    expect((await callOp(getBrokerTeam, {}, broker.token)).status).toBe(403);
    expect((await callOp(createUser, base(), tech.token)).status).toBe(403);
    expect((await callOp(getUsers, {})).status).toBe(401);
  });

  it("outside the admin levels a user reads only their own user and shootings (404 otherwise)", async () => {
    expect(bodyOf(await callOp(getUserData, { id: tech.id }, tech.token)).data.id).toBe(tech.id);
    expect((await callOp(getUserData, { id: admin.id }, tech.token)).status).toBe(404);
    expect((await callOp(getAllShootingsOfBroker, { id: broker.id }, tech.token)).status).toBe(404);
    expect((await callOp(getAllShootingsOfTech, { id: tech.id }, tech.token)).status).toBe(200);
    expect(bodyOf(await callOp(getAllShootingsOfBroker, { id: broker.id }, admin.token)).data.every((s) => s.listing.id > 0)).toBe(true);
  });

  it(`a broker's shootings in the user form: the newest ${USER_SHOOTINGS_MAX}, latest date then highest id first`, async () => {
    const brokerId = await nextId('user', 1000);
    const now = new Date().toISOString();
    await insertUser({ id: brokerId, role: Role.broker, firstname: 'Hélène', lastname: `Historique ${brokerId}`, email: freshEmail('history'), password_hash: 'x', created_at: now, updated_at: now });
    const listing = await insertListing({ address: '1 rue Historique', app: '', city: 'Laval', postalcode: 'H7N 1A1', room_count: 5, is_house: true, lat: 45.57, lng: -73.72, state: 0, mls: null, broker_id: brokerId, broker: { firstname: 'Hélène', lastname: 'Historique' } });
    const shootings = [];
    for (let i = 0; i < USER_SHOOTINGS_MAX + 3; i++) {
      const id = await newShootingId();
      // Two shootings a day over 252 days: the same day's are told apart by id.
      shootings.push({ id, date: addDays('2024-01-01', Math.floor(i / 2)) });
      const { item } = createShootingPut({ id, listing_id: listing.id, broker_id: brokerId, scheduleddate: addDays('2024-01-01', Math.floor(i / 2)), am: i % 2 === 0, is_confirmed: true, state: ShootingState.completed, estimated_duration: 3600, room_count: 5, created_at: now, updated_at: now }, { lat: 45.57, lng: -73.72, reserved_tech_id: null });
      await db.send(new PutCommand({ TableName: tableName(), Item: item }));
    }
    const expected = shootings.sort((x, y) => y.date.localeCompare(x.date) || y.id - x.id).slice(0, USER_SHOOTINGS_MAX).map((x) => x.id);
    const { data } = bodyOf(await callOp(getAllShootingsOfBroker, { id: brokerId }, admin.token));
    expect(data.map((x) => x.id)).toEqual(expected);
  });

  it('lists by role, with the franchise name; teams and franchises for the form', async () => {
    const teams = bodyOf(await callOp(getBrokerTeam, {}, admin.token));
    expect(teams.teams.length).toBeGreaterThan(0);
    expect(teams.franchises.length).toBeGreaterThan(0);
    const brokers = bodyOf(await callOp(getUsers, { role: Role.broker }, admin.token)).data;
    expect(brokers.length).toBeGreaterThan(0);
    expect(brokers.every((u) => u.role === Role.broker)).toBe(true);
    expect(brokers.find((u) => u.id === broker.id)?.franchise).toBe(teams.franchises.find((f) => f.id === 1)?.name);
  });
});

describe('createUser', () => {
  it('creates a capture technician with depot, zones, packages and offers, strings trimmed; getUserData answers userZones, userServiceOffers, userShootingPackages', async () => {
    const email = freshEmail('Tech');
    const u = await create({ ...techFields, role: Role.tech_capture, firstname: '  Mireille ', lastname: ' Gagnon  ', email: `  ${email.toUpperCase()} `, phone_number: '  ', freelance: true });
    expect([u.firstname, u.lastname, u.email, u.phone_number]).toEqual(['Mireille', 'Gagnon', email.toLowerCase(), null]);
    const read = bodyOf(await callOp(getUserData, { id: u.id }, admin.token)).data;
    expect(read.userZones).toEqual([{ zone_id: techFields.zone_id, backup: false }, ...techFields.backupZones.map((zone_id) => ({ zone_id, backup: true }))]);
    expect(read.userServiceOffers).toEqual(techFields.service_offers.map((service_offer_id) => ({ service_offer_id })));
    expect(read.userShootingPackages).toEqual(techFields.shooting_packages.map((shooting_package_id) => ({ shooting_package_id })));
    expect(read.freelance).toBe(true);
    expect(bodyOf(await callOp(getUsers, { role: Role.tech_capture }, admin.token)).data.some((x) => x.id === u.id)).toBe(true);
  });

  it('answers 400 with field errors: required fields, e-mail, phone numbers, password rules, the technician fields of roles 4 and 5, a role outside the form', async () => {
    const res = await callOp(createUser, { ...base(), firstname: '   ', email: 'not-an-email', password: 'short', confirmation: 'other', phone_number: 'call me', notification_phone_number: ['514 555-0199', '514-CALL-NOW'] }, admin.token);
    const fields = errorOf(res, 400).fields ?? {};
    expect(fields.firstname).toEqual([USER_MESSAGES.required]);
    expect(fields.email).toEqual([USER_MESSAGES.email]);
    expect(fields.phone_number).toEqual([PHONE_MESSAGE]);
    expect(fields['notification_phone_number.1']).toEqual([PHONE_MESSAGE]);
    expect(fields.password).toEqual([PASSWORD_MESSAGES.tooShort]);
    const mismatch = errorOf(await callOp(createUser, { ...base(), confirmation: 'secret2' }, admin.token), 400).fields ?? {};
    expect(mismatch.confirmation).toEqual([PASSWORD_MESSAGES.mismatch]);
    const techMissing = errorOf(await callOp(createUser, base({ role: Role.tech_postprod }), admin.token), 400).fields ?? {};
    expect(Object.keys(techMissing).sort()).toEqual(['depot_id', 'service_offers', 'shooting_packages', 'zone_id']);
    expect(errorOf(await callOp(createUser, base({ role: Role.superadmin }), superadmin), 400).fields?.role).toEqual([USER_MESSAGES.role]);
    const unknown = errorOf(await callOp(createUser, base({ ...techFields, role: Role.tech_capture, zone_id: 999_999, service_offers: [999_998] }), admin.token), 400).fields ?? {};
    expect(unknown.zone_id).toEqual([USER_MESSAGES.unknownZone]);
    expect(unknown.service_offers).toEqual([USER_MESSAGES.unknownOffer]);
    // Hostile shapes get 400, never 500.
    expect((await callOp(createUser, { ...base(), role: 'x' as unknown as number, backupZones: ['a'] as unknown as number[] }, admin.token)).status).toBe(400);
  });

  it("keeps e-mails unique: two concurrent creates of one e-mail (in another case) give one user and one 409 \"L'usager existe déjà.\"", async () => {
    const email = freshEmail('Twin');
    const answers = await Promise.all([callOp(createUser, base({ email }), admin.token), callOp(createUser, base({ email: email.toUpperCase() }), admin.token)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const lost = answers.find((a) => a.status === 409)!;
    expect(errorOf(lost, 409).message).toBe(USER_MESSAGES.exists);
    const all = bodyOf(await callOp(getUsers, { role: Role.client }, admin.token)).data;
    expect(all.filter((u) => u.email === email.toLowerCase())).toHaveLength(1);
  });
});

describe('putUserData', () => {
  it('saves from the version read; a second save from the same reading answers 409 and loses nothing', async () => {
    const u = await create();
    const first = bodyOf(await callOp(putUserData, saved(u, { lastname: 'Premier' }), admin.token));
    expect(first.message).toBe(USER_MESSAGES.saved);
    const second = await callOp(putUserData, saved(u, { firstname: 'Second' }), admin.token);
    expect(errorOf(second, 409).message).toBe(USER_MESSAGES.changedMeanwhile);
    const read = bodyOf(await callOp(getUserData, { id: u.id }, admin.token)).data;
    expect([read.firstname, read.lastname, read.version]).toEqual(['Alix', 'Premier', u.version + 1]);
    // Two concurrent saves from one reading: exactly one wins.
    const race = await Promise.all([callOp(putUserData, saved(read, { lastname: 'A' }), admin.token), callOp(putUserData, saved(read, { lastname: 'B' }), admin.token)]);
    expect(race.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it("writes a broker's new names on their listings: the rows and the search follow, the listings' versions stay", async () => {
    const b = await create({ role: Role.broker });
    const word = `ren${Date.now().toString(36)}`;
    const listings = await Promise.all(
      [1, 2].map((n) => insertListing({ address: `${n} rue ${word}`, app: '', city: 'Laval', postalcode: 'H7X 1Y4', room_count: 4, is_house: true, lat: 45.5, lng: -73.7, state: 0, mls: null, broker_id: b.id, broker: { firstname: b.firstname, lastname: b.lastname } })),
    );
    const search = async (text: string) => bodyOf(await callOp(searchListings, { search: text }, admin.token));
    expect((await search(`${word} ${b.lastname}`)).count).toBe(2);

    bodyOf(await callOp(putUserData, saved(b, { firstname: 'Béa', lastname: `Nouveau${word}` }), admin.token));
    for (const l of listings) {
      const stored = (await getListing(l.id))!;
      expect(stored.broker).toEqual({ firstname: 'Béa', lastname: `Nouveau${word}` });
      expect([stored.version, stored.updated_at]).toEqual([1, l.updated_at]);
    }
    const found = await search(`Nouveau${word}`);
    expect(found.listings.map((r) => [r.id, r.broker.firstname, r.broker.lastname]).sort()).toEqual(listings.map((l) => [l.id, 'Béa', `Nouveau${word}`]).sort());
    expect((await search(`${word} ${b.lastname}`)).count).toBe(0);
  });

  it("mends a listing that missed the broker's rename (booked with the old names meanwhile) at the broker's next save, names unchanged", async () => {
    const b = await create({ role: Role.broker });
    const word = `old${Date.now().toString(36)}`;
    const late = await insertListing({ address: `3 rue ${word}`, app: '', city: 'Laval', postalcode: 'H7X 1Y4', room_count: 4, is_house: true, lat: 45.5, lng: -73.7, state: 0, mls: null, broker_id: b.id, broker: { firstname: 'Ancien', lastname: `Nom${word}` } });
    bodyOf(await callOp(putUserData, saved(b, { phone_number: '514 555-0199' }), admin.token));
    expect((await getListing(late.id))!.broker).toEqual({ firstname: b.firstname, lastname: b.lastname });
  });

  it("moves the e-mail guard: a taken e-mail answers 409 \"L'usager existe déjà.\", the old one becomes free", async () => {
    const a = await create();
    const b = await create();
    expect(errorOf(await callOp(putUserData, saved(b, { email: a.email }), admin.token), 409).message).toBe(USER_MESSAGES.exists);
    const moved = bodyOf(await callOp(putUserData, saved(b, { email: freshEmail('moved') }), admin.token)).data;
    expect(moved.email).toMatch(/^moved\./);
    expect((await callOp(createUser, base({ email: b.email }), admin.token)).status).toBe(200);
  });

  it("suspending a capture technician ends their calendar feed too: reinstated, its old address still answers 404", async () => {
    const u = await create({ role: Role.tech_capture, ...techFields });
    const feed = bodyOf(await callOp(createCalendarFeed, { replace: false }, await sessionOf(u))).token;
    expect((await callOp(getCalendarFeedIcs, { token: feed })).status).toBe(200);
    const suspended = bodyOf(await callOp(putUserData, saved(u, { suspended: true }), admin.token)).data;
    const back = bodyOf(await callOp(putUserData, saved(suspended, { suspended: false }), admin.token)).data;
    errorOf(await callOp(getCalendarFeedIcs, { token: feed }), 404);
    expect(bodyOf(await callOp(getCalendarFeed, {}, await sessionOf(back, 2)))).toEqual({ active: false, created_at: null });
    // A save that leaves the role and the suspension alone keeps the feed.
    const kept = bodyOf(await callOp(createCalendarFeed, { replace: false }, await sessionOf(back, 2))).token;
    bodyOf(await callOp(putUserData, saved(back, { phone_number: '514 555 0199' }), admin.token));
    expect((await callOp(getCalendarFeedIcs, { token: kept })).status).toBe(200);
  });

  it('suspending a user or changing their role ends their live sessions at once', async () => {
    const u = await create({ role: Role.sales });
    const token = await sessionOf(u);
    expect((await callOp(getUserFromToken, {}, token)).status).toBe(200);
    const suspended = bodyOf(await callOp(putUserData, saved(u, { suspended: true }), admin.token)).data;
    expect((await callOp(getUserFromToken, {}, token)).status).toBe(401);
    // Reinstated: the old session stays dead; a new one (stamp 2) works until the role changes.
    const back = bodyOf(await callOp(putUserData, saved(suspended, { suspended: false }), admin.token)).data;
    expect((await callOp(getUserFromToken, {}, token)).status).toBe(401);
    const fresh = await sessionOf(back, 2);
    expect((await callOp(getUserFromToken, {}, fresh)).status).toBe(200);
    bodyOf(await callOp(putUserData, saved(back, { role: Role.social_medias }), admin.token));
    expect((await callOp(getUserFromToken, {}, fresh)).status).toBe(401);
  });

  it('rank rules: an admin changes no superadmin (403); no one changes their own role or suspension; a non-admin keeps the admin-level fields', async () => {
    const sa = bodyOf(await callOp(getUserData, { id: bodyOf(await callOp(getUserFromToken, {}, superadmin)).user.id }, admin.token)).data;
    expect(errorOf(await callOp(putUserData, saved(sa, { firstname: 'Pirate' }), admin.token), 403).message).toBe(USER_MESSAGES.aboveYourLevel);
    expect((await callOp(changePassword, { userId: sa.id, password: 'secret9', confirmation: 'secret9' }, admin.token)).status).toBe(403);
    const me = bodyOf(await callOp(getUserData, { id: admin.id }, admin.token)).data;
    expect(errorOf(await callOp(putUserData, saved(me, { role: Role.broker }), admin.token), 400).fields?.role).toEqual([USER_MESSAGES.notYourself]);
    const t = await create({ ...techFields, role: Role.tech_capture });
    const tToken = await sessionOf(t);
    const own = bodyOf(await callOp(putUserData, saved(t, { phone_number: ' 514 555 0101 ', role: Role.admin, zone_id: techFields.backupZones[0]!, suspended: true }), tToken)).data;
    expect([own.phone_number, own.role, own.zone_id, own.suspended]).toEqual(['514 555 0101', Role.tech_capture, techFields.zone_id, false]);
    expect((await callOp(getUserFromToken, {}, tToken)).status).toBe(200);
    expect((await callOp(putUserData, saved(me, { firstname: 'Autre' }), tToken)).status).toBe(404);
  });

  it('a non-admin saves their own profile though the technician fields they do not see are empty; an admin is held to them (§5)', async () => {
    // As the seeded post-production technician: role 5 without depot, zone, package or offer.
    const id = await nextId('user', 1000);
    const now = new Date().toISOString();
    await insertUser({ id, role: Role.tech_postprod, firstname: 'Paula', lastname: `Sans Dépôt ${id}`, email: freshEmail('postprod'), password_hash: 'x', created_at: now, updated_at: now });
    const u = bodyOf(await callOp(getUserData, { id }, admin.token)).data;
    expect([u.depot_id, u.zone_id, u.service_offers, u.shooting_packages]).toEqual([null, null, [], []]);
    const own = bodyOf(await callOp(putUserData, saved(u, { phone_number: '514 555 0199' }), await sessionOf(u))).data;
    expect([own.phone_number, own.role, own.depot_id, own.version]).toEqual(['514 555 0199', Role.tech_postprod, null, u.version + 1]);
    const refused = errorOf(await callOp(putUserData, saved(own, { phone_number: '514 555 0100' }), admin.token), 400).fields ?? {};
    expect(Object.keys(refused).sort()).toEqual(['depot_id', 'service_offers', 'shooting_packages', 'zone_id']);
    expect(bodyOf(await callOp(putUserData, saved(own, { ...techFields, phone_number: '514 555 0100' }), admin.token)).data.depot_id).toBe(techFields.depot_id);
  });

  it('a password change bumps the version by exactly one: the form saves from the next version, not from an older one', async () => {
    const u = await create();
    bodyOf(await callOp(changePassword, { userId: u.id, password: 'secret7', confirmation: 'secret7' }, admin.token));
    expect(errorOf(await callOp(putUserData, saved(u, { lastname: 'Stale' }), admin.token), 409).message).toBe(USER_MESSAGES.changedMeanwhile);
    const next = bodyOf(await callOp(putUserData, saved(u, { lastname: 'After', version: u.version + 1 }), admin.token)).data;
    expect([next.lastname, next.version]).toEqual(['After', u.version + 2]);
  });

  it('empties the technician fields when the role leaves 4 and 5 (the depot is released)', async () => {
    const t = await create({ ...techFields, role: Role.tech_postprod });
    const other = bodyOf(await callOp(putUserData, saved(t, { role: Role.sales }), admin.token)).data;
    expect([other.depot_id, other.zone_id, other.backupZones, other.service_offers, other.shooting_packages]).toEqual([null, null, [], [], []]);
  });
});

describe("a broker's subscription (ADR 0305)", () => {
  it('is set at creation and changed by the form, read back by getUserData; emptied when the role leaves broker', async () => {
    const b = await create({ role: Role.broker, subscription_id: Subscription.platform });
    expect(b.subscription_id).toBe(Subscription.platform);
    const changed = bodyOf(await callOp(putUserData, saved(b, { subscription_id: Subscription.application }), admin.token)).data;
    expect(bodyOf(await callOp(getUserData, { id: b.id }, admin.token)).data.subscription_id).toBe(Subscription.application);
    const none = bodyOf(await callOp(putUserData, saved(changed, { subscription_id: null }), admin.token)).data;
    expect(none.subscription_id).toBeNull();
    const discount = bodyOf(await callOp(putUserData, saved(none, { subscription_id: Subscription.rabais_vingt }), admin.token)).data;
    expect(discount.subscription_id).toBe(Subscription.rabais_vingt);
    const sales = bodyOf(await callOp(putUserData, saved(discount, { role: Role.sales }), admin.token)).data;
    expect(sales.subscription_id).toBeNull();
    // Another role than broker gets none, whatever it sends.
    expect((await create({ role: Role.client, subscription_id: Subscription.platform })).subscription_id).toBeNull();
  });

  it('answers 400 on the field for an id that is no subscription (create and save), never 500', async () => {
    const b = await create({ role: Role.broker });
    for (const wrong of [5, 0, -8, 8.5, 999_999, 'x']) {
      const put = await callOp(putUserData, saved(b, { subscription_id: wrong as unknown as number }), admin.token);
      expect(errorOf(put, 400).fields?.subscription_id).toEqual([USER_MESSAGES.subscription]);
    }
    expect(errorOf(await callOp(createUser, base({ role: Role.broker, subscription_id: 7 }), admin.token), 400).fields?.subscription_id).toEqual([USER_MESSAGES.subscription]);
    expect(bodyOf(await callOp(getUserData, { id: b.id }, admin.token)).data).toMatchObject({ subscription_id: null, version: b.version });
  });

  it("is an admin-level field: a non-admin's own save keeps it as stored", async () => {
    const t = await create({ ...techFields, role: Role.tech_capture });
    const own = bodyOf(await callOp(putUserData, saved(t, { subscription_id: Subscription.platform }), await sessionOf(t))).data;
    expect(own.subscription_id).toBeNull();
  });
});
