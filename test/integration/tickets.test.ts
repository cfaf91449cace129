import { beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/api.ts';
import { createSession } from '#functions/plumbing/sessions.ts';
import { findUserByEmail } from '#functions/storage/users.ts';
import { insertTicket, ticketsFor } from '#functions/storage/tickets.ts';
import { Role } from '#shared/roles.ts';
import type { TicketDetail, TicketSummary } from '#shared/catalogue/tickets.ts';
import { SECOND_BROKER } from '../../scripts/local/seed/brokers-listings.ts';

type Detail = { data: TicketDetail };
type ErrorAnswer = { error: { code: string; message: string; fields?: Record<string, string[]> } };

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

async function newTicket(token: string, body: Record<string, unknown> = {}) {
  const res = await call<{ ticket: TicketSummary }>('POST', '/api/tickets', { token, body });
  expect(res.status).toBe(200);
  return res.body.ticket;
}

describe('createTicket', () => {
  it('applies the defaults (software, urgency 1) and accepts an empty subject and description', async () => {
    const ticket = await newTicket(broker.token);
    expect(ticket).toMatchObject({ problem_type: 'software', urgency: 1, subject: '', resolved: false, creator: { id: broker.id, firstname: 'Béatrice', lastname: 'Roy' } });
    const detail = await call<Detail>('GET', `/api/tickets/${ticket.id}`, { token: broker.token });
    expect(detail.body.data).toMatchObject({ description: '', data: null, picture_thumbnail_url: null, followups: [] });
  });

  it.each([
    ['urgency out of range', { urgency: 4 }, 'urgency'],
    ['unknown problem type', { problem_type: 'printer' }, 'problem_type'],
    ['subject too long', { subject: 'x'.repeat(201) }, 'subject'],
    ['description not text', { description: 42 }, 'description'],
  ])('answers 400 for %s and writes nothing', async (_name, body, field) => {
    const before = (await ticketsFor({ id: broker.id, role: Role.broker })).length;
    const res = await call<ErrorAnswer>('POST', '/api/tickets', { token: broker.token, body });
    expect(res.status).toBe(400);
    expect(res.body.error.fields?.[field]?.length).toBeGreaterThan(0);
    expect((await ticketsFor({ id: broker.id, role: Role.broker })).length).toBe(before);
  });
});

describe('getAllTickets', () => {
  it("lists the caller's own tickets newest first; admin levels see everyone's", async () => {
    const mine = await newTicket(broker.token, { subject: 'mine', urgency: 3 });
    const theirs = await newTicket(other.token, { subject: 'theirs' });
    const list = await call<{ data: TicketSummary[] }>('GET', '/api/tickets', { token: broker.token });
    expect(list.status).toBe(200);
    const ids = list.body.data.map((t) => t.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect(list.body.data.every((t) => t.creator.id === broker.id)).toBe(true);
    const dates = list.body.data.map((t) => t.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);

    const all = await call<{ data: TicketSummary[] }>('GET', '/api/tickets', { token: admin });
    expect(all.body.data.map((t) => t.id)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    const techList = await call<{ data: TicketSummary[] }>('GET', '/api/tickets', { token: tech });
    expect(techList.body.data.map((t) => t.id)).not.toContain(mine.id);
  });
});

describe('getTicketById', () => {
  it("answers 404 for another user's ticket and for an unknown id; admin levels may read it", async () => {
    const ticket = await newTicket(broker.token, { subject: 'private' });
    expect((await call('GET', `/api/tickets/${ticket.id}`, { token: other.token })).status).toBe(404);
    expect((await call('GET', `/api/tickets/${ticket.id}`, { token: tech })).status).toBe(404);
    expect((await call('GET', '/api/tickets/99999999', { token: broker.token })).status).toBe(404);
    expect((await call('GET', `/api/tickets/${ticket.id}`, { token: admin })).status).toBe(200);
    expect((await call('GET', '/api/tickets/abc', { token: broker.token })).status).toBe(400);
  });

  it('answers the thumbnail of the picture named by JSON data, and none when data is not JSON', async () => {
    const list = await call<{ data: TicketSummary[] }>('GET', '/api/tickets', { token: broker.token });
    const feedback = list.body.data.find((t) => t.subject_template?.key === 'feedback' && t.subject_template.address === '1200 rue Sherbrooke Ouest');
    expect(feedback).toBeDefined();
    const detail = await call<Detail>('GET', `/api/tickets/${feedback!.id}`, { token: broker.token });
    const data = JSON.parse(detail.body.data.data!) as Record<string, number>;
    expect(Object.keys(data).sort()).toEqual(['listing_id', 'picture_index', 'shooting_id']);
    const url = detail.body.data.picture_thumbnail_url!;
    expect(url).toMatch(/[?&]v=\d{8}T\d{6}Z/);
    const image = await fetch(url);
    expect(image.status).toBe(200);
    expect([...new Uint8Array(await image.arrayBuffer()).slice(0, 2)]).toEqual([0xff, 0xd8]);

    const plain = await insertTicket({ subject: 's', description: 'd', urgency: 2, problem_type: 'other', creator: { id: broker.id, firstname: 'B', lastname: 'R' }, data: 'listing 12, photo 3' });
    const res = await call<Detail>('GET', `/api/tickets/${plain.id}`, { token: broker.token });
    expect(res.body.data.data).toBe('listing 12, photo 3');
    expect(res.body.data.picture_thumbnail_url).toBeNull();
  });
});

describe('follow-ups, resolve and reopen', () => {
  it('adds follow-ups only while open, resolves, reopens, and refuses double transitions with 409', async () => {
    const ticket = await newTicket(broker.token, { subject: 'lifecycle', urgency: 2, problem_type: 'hardware' });
    const path = `/api/tickets/${ticket.id}`;
    const first = await call<{ followup: { message: string; creator: { id: number } } }>('POST', `${path}/followups`, { token: broker.token, body: { message: 'First' } });
    expect(first.status).toBe(200);
    expect(first.body.followup).toMatchObject({ message: 'First', creator: { id: broker.id } });
    expect((await call('POST', `${path}/followups`, { token: admin, body: { message: 'Admin reply' } })).status).toBe(200);

    expect((await call('PUT', `${path}/resolve`, { token: broker.token })).status).toBe(200);
    expect((await call('PUT', `${path}/resolve`, { token: broker.token })).status).toBe(409);
    const refused = await call<ErrorAnswer>('POST', `${path}/followups`, { token: broker.token, body: { message: 'Too late' } });
    expect(refused.status).toBe(409);

    let detail = await call<Detail>('GET', path, { token: broker.token });
    expect(detail.body.data.resolved).toBe(true);
    expect(detail.body.data.followups.map((f) => f.message)).toEqual(['First', 'Admin reply']);
    expect(detail.body.data.followups[1]!.creator).toMatchObject({ firstname: 'Alain', lastname: 'Gagnon' });

    expect((await call('PUT', `${path}/reopen`, { token: broker.token })).status).toBe(200);
    expect((await call('PUT', `${path}/reopen`, { token: broker.token })).status).toBe(409);
    expect((await call('POST', `${path}/followups`, { token: broker.token, body: { message: 'Again' } })).status).toBe(200);
    detail = await call<Detail>('GET', path, { token: broker.token });
    expect(detail.body.data.resolved).toBe(false);
    expect(detail.body.data.followups).toHaveLength(3);
  });

  it("refuses another user's ticket with 404 and bad input with 400, writing nothing", async () => {
    const ticket = await newTicket(broker.token, { subject: 'guarded' });
    const path = `/api/tickets/${ticket.id}`;
    expect((await call('POST', `${path}/followups`, { token: other.token, body: { message: 'intrusion' } })).status).toBe(404);
    expect((await call('PUT', `${path}/resolve`, { token: other.token })).status).toBe(404);
    expect((await call('PUT', `${path}/reopen`, { token: tech })).status).toBe(404);
    const empty = await call<ErrorAnswer>('POST', `${path}/followups`, { token: broker.token, body: { message: '   ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields?.message).toBeDefined();
    expect((await call('POST', `${path}/followups`, { token: broker.token, body: { message: 'x'.repeat(5001) } })).status).toBe(400);
    const detail = await call<Detail>('GET', path, { token: broker.token });
    expect(detail.body.data).toMatchObject({ resolved: false, followups: [] });
  });

  it('requires a session', async () => {
    expect((await call('GET', '/api/tickets')).status).toBe(401);
    expect((await call('POST', '/api/tickets', { body: {} })).status).toBe(401);
  });
});
