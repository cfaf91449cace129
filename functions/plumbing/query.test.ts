import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HttpError } from './errors.ts';
import { ACCESS, TABLE } from '#shared/data/design.ts';
import { keys } from './keys.ts';
import { CURSOR_MESSAGE, byIndex, openCursor, signCursor } from './query.ts';

const secret = randomBytes(32);
const scope = { user: 3, query: 'getDeliveryListings:own' };
const key = { pk: 'LISTING#12', sk: 'LISTING', gsi1pk: 'BROKER#3#LISTINGS', gsi1sk: '2026-05-04T10:00:00.000Z#000012' };

function refusal(cursor: string, s = scope, k = secret): HttpError {
  try {
    openCursor(cursor, s, k);
  } catch (error) {
    return error as HttpError;
  }
  throw new Error(`accepted ${cursor}`);
}

describe('page cursors', () => {
  it('give back the key they carry, for the same user and query', () => {
    const cursor = signCursor(key, scope, secret)!;
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(openCursor(cursor, scope, secret)).toEqual(key);
    expect(signCursor(undefined, scope, secret)).toBeUndefined();
    expect(openCursor(undefined, scope, secret)).toBeUndefined();
  });

  it('refuse junk, forged and tampered cursors with a 400 on `cursor`', () => {
    const good = signCursor(key, scope, secret)!;
    const raw = Buffer.from(good, 'base64url');
    const flipped = Buffer.from(raw);
    flipped[raw.length - 3]! ^= 1;
    const forgedPayload = Buffer.from(JSON.stringify({ u: 3, q: scope.query, k: { pk: 'LISTING#1', sk: 'LISTING', gsi1pk: 'BROKER#4#LISTINGS', gsi1sk: 'x' } }));
    const unsigned = Buffer.from(JSON.stringify(key)).toString('base64url');
    for (const bad of [
      'AAAA',
      unsigned,
      flipped.toString('base64url'),
      Buffer.concat([Buffer.alloc(32), forgedPayload]).toString('base64url'),
      `${good}A`,
      good.slice(0, -2),
      '%ZZ',
      'x'.repeat(1999),
    ]) {
      const error = refusal(bad);
      expect(error).toBeInstanceOf(HttpError);
      expect(error.status).toBe(400);
      expect(error.fields).toEqual({ cursor: [CURSOR_MESSAGE] });
    }
  });

  it('are bound to the caller, the query and the server key', () => {
    const cursor = signCursor(key, scope, secret)!;
    expect(refusal(cursor, { user: 4, query: scope.query }).status).toBe(400);
    expect(refusal(cursor, { user: 3, query: 'getDeliveryListings:all' }).status).toBe(400);
    expect(refusal(cursor, scope, randomBytes(32)).status).toBe(400);
  });

  it('refuse a signed cursor whose key is not a plain key', () => {
    // Signed by the server key but carrying a nested value (cannot happen from a LastEvaluatedKey).
    const odd = signCursor({ pk: { S: 'x' } }, scope, secret)!;
    expect(refusal(odd).status).toBe(400);
  });
});

describe('index access patterns (ADR 0124)', () => {
  it('every pattern is served by an index of the table', () => {
    for (const index of Object.values(ACCESS)) expect(TABLE.indexes).toContainEqual(index);
  });

  it('a query names its pattern and gets the index and key condition that serve it', () => {
    const partition = keys.shootingsOfTech(7);
    const { gsi3pk, gsi3sk } = keys.shootingTechIndex(7, '2026-05-04', 12);
    expect(gsi3pk).toBe(partition);
    expect(byIndex('shootingsByTechDate', partition, { from: '2026-05-01', to: '2026-05-31' })).toEqual({
      IndexName: ACCESS.shootingsByTechDate.name,
      KeyConditionExpression: `${ACCESS.shootingsByTechDate.partitionKey} = :pk AND ${ACCESS.shootingsByTechDate.sortKey} BETWEEN :from AND :to`,
      ExpressionAttributeValues: { ':pk': partition, ':from': '2026-05-01', ':to': '2026-05-31' },
    });
    expect(gsi3sk >= '2026-05-01' && gsi3sk <= '2026-05-31').toBe(true);
    expect(byIndex('usersByRole', keys.usersOfRole(4), { beginsWith: 'a' }).KeyConditionExpression).toBe(`${ACCESS.usersByRole.partitionKey} = :pk AND begins_with(${ACCESS.usersByRole.sortKey}, :sk)`);
  });
});
