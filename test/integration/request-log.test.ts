import '../support/stack-env.ts';
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { db, tableName } from '#functions/plumbing/aws.ts';
import { keys } from '#functions/plumbing/keys.ts';
import { writeRequestLog } from '#functions/plumbing/request-log.ts';

/** Hostile requests are exactly the ones an operator needs in the log: every one must be stored. */
describe('request log', () => {
  it('stores the record of a hostile request (deep nesting, __proto__, constructor and empty keys, huge numbers, a 1 MB string), secrets redacted', async () => {
    let deep: unknown = { password: 'hunter2' };
    for (let i = 0; i < 60; i++) deep = { next: deep };
    const body = JSON.parse(`{"__proto__": {"token": "t"}, "": 1, "n": 1e300, "long": "${'x'.repeat(1_000_000)}"}`) as Record<string, unknown>;
    const date = new Date();
    const requestId = randomUUID();
    await writeRequestLog({
      requestId,
      path: '/api/tickets',
      route: 'POST /api/tickets',
      method: 'POST',
      status: 400,
      params: {},
      // The junk-input test's prototype-pollution query: the document client refused any item with an own `constructor` key.
      query: { q: 'y'.repeat(10_000), ...(JSON.parse('{"constructor": "x"}') as Record<string, string>) },
      // 2^53: the junk-input test's largest integer; the document client refuses numbers beyond 2^53 - 1.
      body: { ...body, deep, nested: JSON.parse('{"constructor": {"prototype": {"polluted": true}}}') as unknown, unsafe: 2 ** 53, e20: 1e20 },
      date,
      durationMs: 3,
      user: undefined,
      ip: '127.0.0.1',
      logs: [['input', { secret: 's', list: Array.from({ length: 1_000 }, (_, i) => i) }]],
    });
    const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.requestLog(date, requestId) }));
    expect(Item).toBeDefined();
    expect(Item!.response_status).toBe(400);
    expect(Item!.body['(__proto__)']).toEqual({ token: '[redacted]' });
    expect(Item!.body.n).toBe('1e+300');
    expect(Item!.query['(constructor)']).toBe('x');
    expect([Item!.body.unsafe, Item!.body.e20]).toEqual(['9007199254740992', '100000000000000000000']);
    expect(Item!.body.nested).toEqual({ '(constructor)': { prototype: { polluted: true } } });
    expect(JSON.stringify(Item)).not.toContain('hunter2');
    expect(JSON.stringify(Item).length).toBeLessThan(100_000);
  });
});
