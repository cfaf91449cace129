import { beforeAll, describe, expect, it } from 'vitest';
import { assignHmd, deleteHmd, editHmd, getHMDsByUserId, hmdList, registerHmd, searchHmdUsers, unassignHmd, type HmdView } from '#shared/catalogue/hmd.ts';
import type { ErrorBody } from '#shared/catalogue/errors.ts';
import { Role } from '#shared/roles.ts';
import { call, tokenFor } from '../support/api.ts';
import { bodyOf, callOp, errorOf } from '../support/operations.ts';

/** Part 2 "Head-mounted devices": every HMD operation through the local adapter, against DynamoDB Local. */

let admin: string;
let lead: string;
let tech: { token: string; id: number };
let broker: { token: string; id: number };
let sales: { token: string; id: number };

beforeAll(async () => {
  admin = (await tokenFor(Role.admin)).token;
  lead = (await tokenFor(Role.tech_postprod_lead)).token;
  const t = await tokenFor(Role.tech_capture);
  tech = { token: t.token, id: t.account.id };
  const b = await tokenFor(Role.broker);
  broker = { token: b.token, id: b.account.id };
  const s = await tokenFor(Role.sales);
  sales = { token: s.token, id: s.account.id };
});

let serials = 0;
/** A serial number no other test (or run) uses. */
const freshSerial = (prefix = 'IT') => `${prefix}-${Date.now().toString(36)}-${(serials += 1)}`;

async function register(serial = freshSerial(), as = admin): Promise<HmdView> {
  return bodyOf(await callOp(registerHmd, { serial_number: serial }, as)).hmd;
}

async function listed(search: string, as = admin, sort?: 'serial_number' | 'user' | 'notes', direction?: 'asc' | 'desc'): Promise<HmdView[]> {
  return bodyOf(await callOp(hmdList, { search, ...(sort ? { sort } : {}), ...(direction ? { direction } : {}) }, as)).result;
}

const fieldsOf = (res: { status: number; body: unknown }) => (res.body as ErrorBody).error.fields ?? {};

describe('roles (route /HmdList: 1, 2, 4, 5, 8, 12)', () => {
  it('lets a capture technician, a post-production lead and sales use the list; a broker gets 403 on every HMD call but its own headsets', async () => {
    for (const token of [tech.token, lead, sales.token]) expect((await callOp(hmdList, {}, token)).status).toBe(200);
    const hmd = await register(freshSerial(), sales.token);
    expect(errorOf(await callOp(hmdList, {}, broker.token), 403).code).toBe('forbidden');
    expect((await callOp(registerHmd, { serial_number: freshSerial() }, broker.token)).status).toBe(403);
    expect((await callOp(editHmd, { id: hmd.id, version: hmd.version, user_id: null }, broker.token)).status).toBe(403);
    expect((await callOp(assignHmd, { id: hmd.id, user_id: broker.id }, broker.token)).status).toBe(403);
    expect((await callOp(unassignHmd, { serial_number: hmd.serial_number }, broker.token)).status).toBe(403);
    expect((await callOp(deleteHmd, { id: hmd.id }, broker.token)).status).toBe(403);
    expect((await callOp(searchHmdUsers, { text: 'Roy' }, broker.token)).status).toBe(403);
    expect((await callOp(hmdList, {})).status).toBe(401);
    // The headset is untouched.
    expect((await listed(hmd.serial_number)).map((h) => h.version)).toEqual([1]);
  });
});

describe('registerHmd', () => {
  it("registers a headset unassigned (status 200) and lists it; the same serial number again, in another case or with spaces, answers 409", async () => {
    const serial = freshSerial('Reg');
    const res = bodyOf(await callOp(registerHmd, { serial_number: `  ${serial}  ` }, admin));
    expect(res.status).toBe(200);
    expect(res.hmd).toMatchObject({ serial_number: serial, user_id: null, user: null, notes: '', city: null, postalcode: null, version: 1 });
    expect((await listed(serial)).map((h) => h.id)).toEqual([res.hmd.id]);

    const again = errorOf(await callOp(registerHmd, { serial_number: serial.toLowerCase() }, admin), 409);
    expect(again.message).toMatch(/already registered/);
    expect(await listed(serial)).toHaveLength(1);
  });

  it('lets exactly one of concurrent registrations of one serial number through (a conditional write, not a read)', async () => {
    const serial = freshSerial('Race');
    const answers = await Promise.all(Array.from({ length: 6 }, () => callOp(registerHmd, { serial_number: serial }, admin)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await listed(serial)).toHaveLength(1);
  });

  it.each([
    ['no serial number', {}],
    ['an empty one', { serial_number: '   ' }],
    ['a number', { serial_number: 42 }],
    ['markup', { serial_number: '<img src=x onerror=alert(1)>' }],
    ['65 characters', { serial_number: 'A'.repeat(65) }],
    ['an object', { serial_number: { $ne: null } }],
  ])('answers 400 with a field error for %s, and registers nothing', async (_name, body) => {
    const before = (await listed('')).length;
    const res = await call('POST', '/api/hmds', { token: admin, body });
    expect(res.status).toBe(400);
    expect(fieldsOf(res).serial_number?.length).toBeGreaterThan(0);
    expect((await listed('')).length).toBe(before);
  });
});

describe('hmdList', () => {
  it('sorts by serial number ascending by default, searches every column (case and accents ignored) and sorts by another column either way', async () => {
    const tag = freshSerial('Lst');
    const c = await register(`${tag}-C`);
    const a = await register(`${tag}-a`);
    const b = await register(`${tag}-B`);
    expect((await listed(tag)).map((h) => h.id)).toEqual([a.id, b.id, c.id]);
    expect((await listed(tag, admin, 'serial_number', 'desc')).map((h) => h.id)).toEqual([c.id, b.id, a.id]);

    // Notes and the assigned user are searched too.
    bodyOf(await callOp(editHmd, { id: b.id, version: b.version, user_id: tech.id, notes: `Prêté à l'équipe ${tag} de Québec` }, admin));
    expect((await listed(`EQUIPE ${tag.toUpperCase()} DE QUEBEC`)).map((h) => h.id)).toEqual([b.id]);
    const byUser = (await listed('côté')).filter((h) => h.serial_number.startsWith(tag));
    expect(byUser.map((h) => h.id)).toEqual([b.id]);
    expect(byUser[0]!.user).toMatchObject({ id: tech.id, firstname: 'Carl', lastname: 'Côté' });
    // Sorted by user: the unassigned ones (blank) last, in either direction.
    expect((await listed(tag, admin, 'user', 'asc')).map((h) => h.id)).toEqual([b.id, a.id, c.id]);
    expect((await listed(tag, admin, 'user', 'desc')).map((h) => h.id)).toEqual([b.id, a.id, c.id]);
  });

  it.each([
    ['an unknown sort column', '?sort=password', 'sort'],
    ['an unknown direction', '?direction=up', 'direction'],
    ['a search of 101 characters', `?search=${'x'.repeat(101)}`, 'search'],
  ])('answers 400 with a field error for %s', async (_name, query, field) => {
    const res = await call('GET', `/api/hmds${query}`, { token: admin });
    expect(res.status).toBe(400);
    expect(fieldsOf(res)[field]?.length).toBeGreaterThan(0);
  });
});

describe('assignHmd, getHMDsByUserId, unassignHmd', () => {
  it("assigns a headset to a user, who sees it among their own; others' headsets answer 404 outside the HMD roles; unassigning frees it", async () => {
    const hmd = await register();
    const assigned = bodyOf(await callOp(assignHmd, { id: hmd.id, user_id: broker.id }, tech.token)).hmd;
    expect(assigned).toMatchObject({ user_id: broker.id, user: { id: broker.id, firstname: 'Béatrice', lastname: 'Roy' }, version: 2 });

    const own = bodyOf(await callOp(getHMDsByUserId, { user_id: broker.id }, broker.token));
    expect(own.status).toBe(200);
    expect(own.hmds.map((h) => h.id)).toContain(hmd.id);
    expect(bodyOf(await callOp(getHMDsByUserId, { user_id: broker.id }, lead)).hmds.map((h) => h.id)).toContain(hmd.id);
    expect((await callOp(getHMDsByUserId, { user_id: tech.id }, broker.token)).status).toBe(404);

    const freed = bodyOf(await callOp(unassignHmd, { serial_number: hmd.serial_number.toLowerCase() }, sales.token)).hmd;
    expect(freed).toMatchObject({ id: hmd.id, user_id: null, user: null, version: 3 });
    expect(bodyOf(await callOp(getHMDsByUserId, { user_id: broker.id }, broker.token)).hmds.map((h) => h.id)).not.toContain(hmd.id);
    expect(errorOf(await callOp(unassignHmd, { serial_number: hmd.serial_number }, admin), 409).message).toMatch(/not assigned/);
    expect((await callOp(unassignHmd, { serial_number: freshSerial('Nope') }, admin)).status).toBe(404);
  });

  it('refuses an unknown user with a field error, an unknown headset with 404, and a stale version with 409', async () => {
    const hmd = await register();
    expect(fieldsOf(await callOp(assignHmd, { id: hmd.id, user_id: 99_999_999 }, admin)).user_id?.length).toBeGreaterThan(0);
    expect((await callOp(assignHmd, { id: 99_999_999, user_id: tech.id }, admin)).status).toBe(404);
    bodyOf(await callOp(assignHmd, { id: hmd.id, user_id: tech.id, version: 1 }, admin));
    expect((await callOp(assignHmd, { id: hmd.id, user_id: broker.id, version: 1 }, admin)).status).toBe(409);
    expect((await listed(hmd.serial_number))[0]).toMatchObject({ user_id: tech.id, version: 2 });
    const junk = await call('PUT', `/api/hmds/${hmd.id}/assign`, { token: admin, body: { user_id: 'everyone' } });
    expect(junk.status).toBe(400);
    expect(fieldsOf(junk).user_id?.length).toBeGreaterThan(0);
    expect((await call('GET', '/api/hmds/users/abc', { token: admin })).status).toBe(400);
  });
});

describe('editHmd', () => {
  it('sets the user, notes, city and postal code from the version read; null unassigns', async () => {
    const hmd = await register();
    const edited = bodyOf(await callOp(editHmd, { id: hmd.id, version: 1, user_id: tech.id, notes: '  Étui bleu  ', city: ' Laval ', postalcode: 'h7n 1a1' }, admin)).hmd;
    expect(edited).toMatchObject({ user_id: tech.id, notes: 'Étui bleu', city: 'Laval', postalcode: 'H7N 1A1', version: 2 });
    const cleared = bodyOf(await callOp(editHmd, { id: hmd.id, version: 2, user_id: null, notes: '' }, admin)).hmd;
    // City and postal code are kept when not sent.
    expect(cleared).toMatchObject({ user_id: null, user: null, notes: '', city: 'Laval', postalcode: 'H7N 1A1', version: 3 });
  });

  it.each([
    ['no version', { user_id: null, notes: '' }, 'version'],
    ['a user id in words', { version: 1, user_id: 'Carl', notes: '' }, 'user_id'],
    ['notes of 2,001 characters', { version: 1, user_id: null, notes: 'x'.repeat(2001) }, 'notes'],
    ['notes as a list', { version: 1, user_id: null, notes: ['a'] }, 'notes'],
    ['a postal code of 11 characters', { version: 1, user_id: null, notes: '', postalcode: 'H7N 1A1 H7N' }, 'postalcode'],
  ])('answers 400 with a field error for %s, and changes nothing', async (_name, body, field) => {
    const hmd = await register();
    const res = await call('PUT', `/api/hmds/${hmd.id}`, { token: admin, body });
    expect(res.status).toBe(400);
    expect(fieldsOf(res)[field]?.length).toBeGreaterThan(0);
    expect((await listed(hmd.serial_number))[0]).toMatchObject({ version: 1, notes: '' });
  });

  it('loses no update: of two edits made from the same version, one is saved and the other answers 409', async () => {
    const hmd = await register();
    const [first, second] = await Promise.all([
      callOp(editHmd, { id: hmd.id, version: hmd.version, user_id: tech.id, notes: 'first' }, admin),
      callOp(editHmd, { id: hmd.id, version: hmd.version, user_id: broker.id, notes: 'second' }, lead),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const winner = first.ok ? first.body.hmd : second.ok ? second.body.hmd : undefined;
    const now = (await listed(hmd.serial_number))[0]!;
    expect(now).toMatchObject({ notes: winner!.notes, user_id: winner!.user_id, version: 2 });

    // The loser, editing again from what it read, is refused too: it must reload first.
    expect((await callOp(editHmd, { id: hmd.id, version: 1, user_id: null, notes: 'stale' }, admin)).status).toBe(409);
    expect((await listed(hmd.serial_number))[0]!.notes).toBe(winner!.notes);
  });
});

describe('deleteHmd', () => {
  it('refuses to delete an assigned headset (409: unassign first); once unassigned it is deleted and its serial number is free again', async () => {
    const hmd = await register();
    bodyOf(await callOp(assignHmd, { id: hmd.id, user_id: tech.id }, admin));
    expect(errorOf(await callOp(deleteHmd, { id: hmd.id }, admin), 409).message).toMatch(/unassign it/);
    expect(await listed(hmd.serial_number)).toHaveLength(1);

    bodyOf(await callOp(unassignHmd, { serial_number: hmd.serial_number }, admin));
    expect((await callOp(deleteHmd, { id: hmd.id, version: 2 }, admin)).status).toBe(409);
    expect(bodyOf(await callOp(deleteHmd, { id: hmd.id, version: 3 }, admin))).toEqual({ status: 200 });
    expect(await listed(hmd.serial_number)).toHaveLength(0);
    expect((await callOp(deleteHmd, { id: hmd.id }, admin)).status).toBe(404);
    expect((await register(hmd.serial_number)).id).not.toBe(hmd.id);
  });

  it('does not delete a headset assigned meanwhile (the delete is conditional on the version read)', async () => {
    const hmd = await register();
    const [assigned, deleted] = await Promise.all([callOp(assignHmd, { id: hmd.id, user_id: tech.id, version: 1 }, admin), callOp(deleteHmd, { id: hmd.id, version: 1 }, lead)]);
    const left = await listed(hmd.serial_number);
    if (deleted.status === 200) {
      expect(assigned.status).not.toBe(200);
      expect(left).toHaveLength(0);
    } else {
      expect(deleted.status).toBe(409);
      expect(assigned.status).toBe(200);
      expect(left[0]).toMatchObject({ user_id: tech.id });
    }
  });
});

describe('searchHmdUsers', () => {
  it('finds users of any role by name or e-mail, case and accents ignored, by last name', async () => {
    const found = bodyOf(await callOp(searchHmdUsers, { text: 'COTE' }, tech.token)).result;
    expect(found.map((u) => u.id)).toContain(tech.id);
    expect(found.find((u) => u.id === tech.id)).toEqual({ id: tech.id, firstname: 'Carl', lastname: 'Côté', email: 'tech-capture@demo.immo.test' });
    const byMail = bodyOf(await callOp(searchHmdUsers, { text: 'broker@demo' }, admin)).result;
    expect(byMail.map((u) => u.id)).toContain(broker.id);
    const last = byMail.map((u) => u.lastname);
    expect([...last].sort((a, b) => a.localeCompare(b, 'fr'))).toEqual(last);
  });

  it('answers 400 with a field error for a text under two characters', async () => {
    const res = await call('GET', '/api/hmds/user-search?text=a', { token: admin });
    expect(res.status).toBe(400);
    expect(fieldsOf(res).text?.length).toBeGreaterThan(0);
  });
});
