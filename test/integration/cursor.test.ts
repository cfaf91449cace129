import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { tokenFor } from '../support/api.ts';
import { bodyOf, callOp, errorOf, type OpAnswer } from '../support/operations.ts';
import { createSession } from '#functions/plumbing/sessions.ts';
import { findUserByEmail } from '#functions/storage/users.ts';
import { CURSOR_MESSAGE, decodeCursor, encodeCursor, signCursor } from '#functions/plumbing/query.ts';
import { Role } from '#shared/roles.ts';
import { getDeliveryListings, getTechDeliveries } from '#shared/catalogue/deliveries.ts';
import { demoAccount } from '../../scripts/local/demo-accounts.ts';
import { SECOND_BROKER } from '../../scripts/local/seed/brokers-listings.ts';

/**
 * Page cursors are opaque and tamper-evident (docs/decisions/0087): made by the server for one
 * caller and one query; anything else answers 400 with a field error on `cursor`.
 */
const brokerId = demoAccount(Role.broker).id;
let broker: string;
let next: string;

function expectCursorRefused(res: OpAnswer<typeof getDeliveryListings>) {
  expect(errorOf(res, 400).fields?.cursor).toEqual([CURSOR_MESSAGE]);
}
/** The broker's deliveries list from a cursor, as `as` (the broker unless told). */
const pageFrom = (cursor: string, as = broker) => callOp(getDeliveryListings, { cursor }, as);

beforeAll(async () => {
  broker = (await tokenFor(Role.broker)).token;
  next = bodyOf(await callOp(getDeliveryListings, { limit: 15 }, broker)).next!;
  expect(next).toBeDefined();
});

describe('page cursors', () => {
  it('lead the caller to the next page of the same list', async () => {
    const second = bodyOf(await callOp(getDeliveryListings, { limit: 15, cursor: next }, broker));
    expect(second.data.length).toBeGreaterThan(0);
    expect(second.data.every((r) => r.broker_id === brokerId)).toBe(true);
  });

  it('answer 400 on junk, unsigned, truncated or edited cursors', async () => {
    const unsigned = Buffer.from(JSON.stringify({ pk: 'LISTING#1', sk: 'LISTING', gsi1pk: `BROKER#${brokerId}#LISTINGS`, gsi1sk: 'z' })).toString('base64url');
    const edited = `${next.slice(0, 10)}${next[10] === 'A' ? 'B' : 'A'}${next.slice(11)}`;
    for (const cursor of ['AAAA', unsigned, next.slice(0, -4), edited, `${next}AA`]) {
      expectCursorRefused(await pageFrom(cursor));
    }
    // Not even base64url: the schema's own field error.
    expect(errorOf(await pageFrom('{"pk":1}'), 400).fields?.cursor).toBeDefined();
    // The technicians' list too.
    const { token: tech } = await tokenFor(Role.tech_capture);
    expect(errorOf(await callOp(getTechDeliveries, { cursor: 'AAAA' }, tech), 400).fields?.cursor).toEqual([CURSOR_MESSAGE]);
  });

  it("answer 400 on another user's cursor, even of the same list", async () => {
    const second = (await findUserByEmail(SECOND_BROKER.email))!;
    const { token: other } = await createSession({ id: second.id, firstname: second.firstname, lastname: second.lastname, email: second.email, role: Role.broker });
    expectCursorRefused(await pageFrom(next, other));
    // Staff read every listing, but not from a broker's cursor.
    const { token: staff } = await tokenFor(Role.social_medias);
    expectCursorRefused(await pageFrom(next, staff));
  });

  it('answer 400 on a cursor of another query, or signed with another key', async () => {
    const key = (await decodeCursor(next, { user: brokerId, query: 'getDeliveryListings:own' }))!;
    expect(key.gsi1pk).toBe(`BROKER#${brokerId}#LISTINGS`);
    // The same caller, a cursor made for another list (the staff list, another partition).
    const otherQuery = await encodeCursor({ ...key, gsi3pk: 'LISTINGS' }, { user: brokerId, query: 'getDeliveryListings:all' });
    expectCursorRefused(await pageFrom(otherQuery!));
    const techQuery = await encodeCursor(key, { user: brokerId, query: 'getTechDeliveries:capture' });
    expectCursorRefused(await pageFrom(techQuery!));
    // The right caller and query, but not the server's key: a forgery.
    const forged = signCursor({ ...key, gsi1pk: 'BROKER#1#LISTINGS' }, { user: brokerId, query: 'getDeliveryListings:own' }, randomBytes(32));
    expectCursorRefused(await pageFrom(forged!));
  });
});
