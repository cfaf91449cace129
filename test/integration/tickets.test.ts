import { beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/api.ts';
import { bodyOf, callOp, errorOf } from '../support/operations.ts';
import { createSession } from '#functions/plumbing/sessions.ts';
import { findUserByEmail, insertUser, newUserId } from '#functions/storage/users.ts';
import { insertTicket, ticketFigures, ticketListFor } from '#functions/storage/tickets.ts';
import { upgradeOpenTicketIndex } from '../../scripts/local/backfill.ts';
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#functions/plumbing/aws.ts';
import { keys } from '#functions/plumbing/keys.ts';
import { Role } from '#shared/roles.ts';
import { createTicket, followupTicket, getAllTickets, getTicketById, reopenTicket, resolveTicket } from '#shared/catalogue/tickets.ts';
import type { ErrorBody, InputOf } from '#shared/catalogue/index.ts';
import { SECOND_BROKER } from '../../scripts/local/seed/brokers-listings.ts';

let broker: { token: string; id: number };
let other: { token: string; id: number };
let admin: string;
let tech: string;

beforeAll(async () => {
  const b = await tokenFor(Role.broker);
  broker = { token: b.token, id: b.account.id };
  const second = (await findUserByEmail(SECOND_BROKER.email))!;
  other = { token: (await createSession({ id: second.id, firstname: second.firstname, lastname: second.lastname, email: second.email, role: second.role })).token, id: second.id };
  admin = (await tokenFor(Role.admin)).token;
  tech = (await tokenFor(Role.tech_capture)).token;
});

/** What the form sends untouched: its starting values (software, urgency 1) and empty texts. */
const FORM_START: InputOf<typeof createTicket> = { problem_type: 'software', urgency: 1, subject: '', description: '' };

async function newTicket(token: string, fields: Partial<InputOf<typeof createTicket>> = {}) {
  return bodyOf(await callOp(createTicket, { ...FORM_START, ...fields }, token)).ticket;
}

describe('createTicket', () => {
  it("stores the form's starting values (software, urgency 1) and accepts an empty subject and description", async () => {
    const ticket = await newTicket(broker.token);
    expect(ticket).toMatchObject({ problem_type: 'software', urgency: 1, subject: '', resolved: false, creator: { id: broker.id, firstname: 'Béatrice', lastname: 'Roy' } });
    const detail = bodyOf(await callOp(getTicketById, { id: ticket.id }, broker.token));
    expect(detail.data).toMatchObject({ description: '', data: null, picture_thumbnail_url: null, followups: [] });
  });

  it('answers 400 naming every field for an empty body, and writes nothing (the access test sends {})', async () => {
    const before = (await ticketListFor({ id: broker.id, role: Role.broker })).tickets.length;
    // Raw call: an empty body is what the operation's input type forbids.
    const res = await call<ErrorBody>('POST', '/api/tickets', { token: broker.token, body: {} });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields ?? {}).sort()).toEqual(['description', 'problem_type', 'subject', 'urgency']);
    expect((await ticketListFor({ id: broker.id, role: Role.broker })).tickets.length).toBe(before);
  });

  it.each([
    ['urgency out of range', { urgency: 4 }, 'urgency'],
    ['unknown problem type', { problem_type: 'printer' }, 'problem_type'],
    ['subject too long', { subject: 'x'.repeat(201) }, 'subject'],
    ['description not text', { description: 42 }, 'description'],
  ])('answers 400 for %s and writes nothing', async (_name, bad, field) => {
    const before = (await ticketListFor({ id: broker.id, role: Role.broker })).tickets.length;
    // Raw call: these fields break the input type on purpose.
    const res = await call<ErrorBody>('POST', '/api/tickets', { token: broker.token, body: { ...FORM_START, ...bad } });
    expect(res.status).toBe(400);
    expect(res.body.error.fields?.[field]?.length).toBeGreaterThan(0);
    expect((await ticketListFor({ id: broker.id, role: Role.broker })).tickets.length).toBe(before);
  });
});

describe('getAllTickets', () => {
  it("lists the caller's own tickets newest first; admin levels see everyone's", async () => {
    const mine = await newTicket(broker.token, { subject: 'mine', urgency: 3 });
    const theirs = await newTicket(other.token, { subject: 'theirs' });
    const list = bodyOf(await callOp(getAllTickets, {}, broker.token));
    const ids = list.data.map((t) => t.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect(list.data.every((t) => t.creator.id === broker.id)).toBe(true);
    const dates = list.data.map((t) => t.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);

    const all = bodyOf(await callOp(getAllTickets, {}, admin));
    expect(all.data.map((t) => t.id)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    const techList = bodyOf(await callOp(getAllTickets, {}, tech));
    expect(techList.data.map((t) => t.id)).not.toContain(mine.id);
    expect(list.older_closed_hidden).toBe(false);
  });

  it('past the newest ones, still lists every older open ticket, and says older closed ones are not listed', async () => {
    const id = await newUserId();
    const user = { id, firstname: 'Odile', lastname: 'Ouverte', email: `list-${id}@example.test`, role: Role.broker };
    const at = new Date().toISOString();
    await insertUser({ ...user, password_hash: 'x', created_at: at, updated_at: at });
    const { token } = await createSession(user);
    const oldOpen = await newTicket(token, { subject: 'old, still open' });
    const oldClosed = await newTicket(token, { subject: 'old, closed' });
    bodyOf(await callOp(resolveTicket, { id: oldClosed.id }, token));
    const recent = [await newTicket(token, { subject: 'recent 1' }), await newTicket(token, { subject: 'recent 2' })];
    const caller = { id, role: Role.broker };
    const everything = await ticketListFor(caller, 10);
    expect(everything).toEqual({ tickets: expect.any(Array), olderClosedHidden: false });
    expect(everything.tickets.map((t) => t.id)).toEqual([recent[1]!.id, recent[0]!.id, oldClosed.id, oldOpen.id]);
    // Only the two newest fit: the old open one is listed after them, the old closed one is not.
    const capped = await ticketListFor(caller, 2);
    expect(capped.tickets.map((t) => t.id)).toEqual([recent[1]!.id, recent[0]!.id, oldOpen.id]);
    expect(capped.olderClosedHidden).toBe(true);
  });
});

describe('open tickets of every user (ADR 0690)', () => {
  const adminCaller = { id: 1, role: Role.admin };
  const inCappedList = async (id: number) => (await ticketListFor(adminCaller, 1)).tickets.some((t) => t.id === id);

  it("an admin's list past the newest lists every older open ticket from the open index; resolving takes one out, reopening puts it back", async () => {
    const old = await newTicket(broker.token, { subject: 'old, open' });
    const closed = await newTicket(broker.token, { subject: 'old, closed' });
    bodyOf(await callOp(resolveTicket, { id: closed.id }, broker.token));
    await newTicket(other.token, { subject: 'newest' });
    expect(await inCappedList(old.id)).toBe(true);
    expect(await inCappedList(closed.id)).toBe(false);
    bodyOf(await callOp(resolveTicket, { id: old.id }, broker.token));
    expect(await inCappedList(old.id)).toBe(false);
    bodyOf(await callOp(reopenTicket, { id: old.id }, broker.token));
    expect(await inCappedList(old.id)).toBe(true);
  });

  it("the dashboards' figures count every open ticket, the oldest, and those created in a span, without reading them", async () => {
    const span = () => ({ from: new Date(Date.now() - 60_000).toISOString(), to: new Date(Date.now() + 60_000).toISOString() });
    const before = await ticketFigures('all', span());
    const t = await newTicket(broker.token, { subject: 'counted' });
    const after = await ticketFigures('all', span());
    expect([after.open - before.open, after.created - before.created]).toEqual([1, 1]);
    const listed = (await ticketListFor(adminCaller, 0)).tickets.map((x) => x.created_at).sort();
    expect(after.oldestOpen).toBe(listed[0]);
    expect(after.open).toBe(listed.length);
    bodyOf(await callOp(resolveTicket, { id: t.id }, broker.token));
    expect((await ticketFigures('all', span())).open).toBe(before.open);
    expect((await ticketFigures('all', { from: '2000-01-01T00:00:00.000Z', to: '2000-01-02T00:00:00.000Z' })).created).toBe(0);
    // A user's own figures: their tickets only.
    const mine = await ticketFigures({ id: broker.id, role: Role.broker }, span());
    const own = bodyOf(await callOp(getAllTickets, {}, broker.token)).data;
    expect(mine.open).toBe(own.filter((x) => !x.resolved).length);
  });

  it('an open ticket written before the index gets it from the start, once', async () => {
    const t = await newTicket(broker.token, { subject: 'before the index' });
    await newTicket(other.token, { subject: 'newest' });
    await db.send(new UpdateCommand({ TableName: tableName(), Key: keys.ticket(t.id), UpdateExpression: 'REMOVE gsi3pk, gsi3sk' }));
    expect(await inCappedList(t.id)).toBe(false);
    await db.send(new DeleteCommand({ TableName: tableName(), Key: keys.openTicketIndexVersion }));
    expect(await upgradeOpenTicketIndex()).toBeGreaterThanOrEqual(1);
    expect(await inCappedList(t.id)).toBe(true);
    expect(await upgradeOpenTicketIndex()).toBe(0);
  });
});

describe('getTicketById', () => {
  it("answers 404 for another user's ticket and for an unknown id; admin levels may read it", async () => {
    const ticket = await newTicket(broker.token, { subject: 'private' });
    expect((await callOp(getTicketById, { id: ticket.id }, other.token)).status).toBe(404);
    expect((await callOp(getTicketById, { id: ticket.id }, tech)).status).toBe(404);
    expect((await callOp(getTicketById, { id: 99999999 }, broker.token)).status).toBe(404);
    expect((await callOp(getTicketById, { id: ticket.id }, admin)).status).toBe(200);
    expect((await callOp(getTicketById, { id: 'abc' }, broker.token)).status).toBe(400);
  });

  it('answers the thumbnail of the picture named by JSON data, and none when data is not JSON', async () => {
    const list = bodyOf(await callOp(getAllTickets, {}, broker.token));
    const feedback = list.data.find((t) => t.subject_template?.key === 'feedback' && t.subject_template.address === '1200 rue Sherbrooke Ouest');
    expect(feedback).toBeDefined();
    const detail = bodyOf(await callOp(getTicketById, { id: feedback!.id }, broker.token));
    const data = JSON.parse(detail.data.data!) as Record<string, number>;
    expect(Object.keys(data).sort()).toEqual(['listing_id', 'picture_index', 'shooting_id']);
    const url = detail.data.picture_thumbnail_url!;
    expect(url).toMatch(/[?&]v=\d{8}T\d{6}Z/);
    const image = await fetch(url);
    expect(image.status).toBe(200);
    expect([...new Uint8Array(await image.arrayBuffer()).slice(0, 2)]).toEqual([0xff, 0xd8]);

    const plain = await insertTicket({ subject: 's', description: 'd', urgency: 2, problem_type: 'other', creator: { id: broker.id, firstname: 'B', lastname: 'R' }, data: 'listing 12, photo 3' });
    const res = bodyOf(await callOp(getTicketById, { id: plain.id }, broker.token));
    expect(res.data.data).toBe('listing 12, photo 3');
    expect(res.data.picture_thumbnail_url).toBeNull();
  });
});

describe('follow-ups, resolve and reopen', () => {
  it('adds follow-ups only while open, resolves, reopens, and refuses double transitions with 409', async () => {
    const ticket = await newTicket(broker.token, { subject: 'lifecycle', urgency: 2, problem_type: 'hardware' });
    const id = ticket.id;
    const first = bodyOf(await callOp(followupTicket, { id, message: 'First' }, broker.token));
    expect(first.followup).toMatchObject({ message: 'First', creator: { id: broker.id } });
    expect((await callOp(followupTicket, { id, message: 'Admin reply' }, admin)).status).toBe(200);

    expect((await callOp(resolveTicket, { id }, broker.token)).status).toBe(200);
    expect((await callOp(resolveTicket, { id }, broker.token)).status).toBe(409);
    errorOf(await callOp(followupTicket, { id, message: 'Too late' }, broker.token), 409);

    let detail = bodyOf(await callOp(getTicketById, { id }, broker.token));
    expect(detail.data.resolved).toBe(true);
    expect(detail.data.followups.map((f) => f.message)).toEqual(['First', 'Admin reply']);
    expect(detail.data.followups[1]!.creator).toMatchObject({ firstname: 'Alain', lastname: 'Gagnon' });

    expect((await callOp(reopenTicket, { id }, broker.token)).status).toBe(200);
    expect((await callOp(reopenTicket, { id }, broker.token)).status).toBe(409);
    expect((await callOp(followupTicket, { id, message: 'Again' }, broker.token)).status).toBe(200);
    detail = bodyOf(await callOp(getTicketById, { id }, broker.token));
    expect(detail.data.resolved).toBe(false);
    expect(detail.data.followups).toHaveLength(3);
  });

  it("refuses another user's ticket with 404 and bad input with 400, writing nothing", async () => {
    const ticket = await newTicket(broker.token, { subject: 'guarded' });
    const id = ticket.id;
    expect((await callOp(followupTicket, { id, message: 'intrusion' }, other.token)).status).toBe(404);
    expect((await callOp(resolveTicket, { id }, other.token)).status).toBe(404);
    expect((await callOp(reopenTicket, { id }, tech)).status).toBe(404);
    const empty = errorOf(await callOp(followupTicket, { id, message: '   ' }, broker.token), 400);
    expect(empty.fields?.message).toBeDefined();
    expect((await callOp(followupTicket, { id, message: 'x'.repeat(5001) }, broker.token)).status).toBe(400);
    const detail = bodyOf(await callOp(getTicketById, { id }, broker.token));
    expect(detail.data).toMatchObject({ resolved: false, followups: [] });
  });

  it('requires a session', async () => {
    expect((await callOp(getAllTickets, {})).status).toBe(401);
    expect((await callOp(createTicket, FORM_START)).status).toBe(401);
  });
});
