import { beforeAll, describe, expect, it } from 'vitest';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { call, tokenFor } from '../support/api.ts';
import { db, tableName } from '#functions/plumbing/aws.ts';
import { mayCall as allowed } from '../support/access.ts';
import { operations, pathParams, type OperationDef } from '#shared/catalogue/index.ts';
import { ALL_ROLES, type RoleId } from '#shared/roles.ts';

/**
 * Calls every catalogue operation anonymously and as every role, and checks 401 / 403 /
 * allowed against the catalogue's access. Inputs are empty (path parameters get a dummy
 * number), so an allowed call answers 2xx, 400 or 404 and changes nothing: the last case checks
 * that no item was added or removed, bookkeeping aside (request log, sessions, rate windows).
 * Raw `call` on purpose: empty inputs are what the operations' types forbid.
 */
function pathOf(op: OperationDef): string {
  return pathParams(op.path).reduce((path, name) => path.replace(`{${name}}`, '999999'), op.path);
}

/** Keys a call may write whatever it does: request log, sessions, login and rate bookkeeping, the cursor key made on first use. */
const BOOKKEEPING = /^((REQLOG|SESSION|RATE|LOGINFAIL|LOGINLOCK)#|SETTINGS#cursor-signing-key )/;

async function dataKeys(): Promise<string[]> {
  const keys: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new ScanCommand({ TableName: tableName(), ProjectionExpression: 'pk, sk', ...(start ? { ExclusiveStartKey: start } : {}) }));
    for (const item of page.Items ?? []) {
      const key = `${String(item.pk)} ${String(item.sk)}`;
      if (!BOOKKEEPING.test(key)) keys.push(key);
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return keys.sort();
}

describe('access table: every operation × anonymous and roles 1 to 12', () => {
  const tokens = new Map<RoleId, string>();
  let keysBefore: string[] = [];
  beforeAll(async () => {
    for (const role of ALL_ROLES) tokens.set(role, (await tokenFor(role)).token);
    keysBefore = await dataKeys();
  });

  const cases = operations.flatMap((op) => [undefined, ...ALL_ROLES].map((role) => ({ op, role })));
  it.each(cases.map((c) => [c.op.id, c.role ?? 'anonymous', c] as const))('%s as %s', async (_id, _who, { op, role }) => {
    // Logging out would revoke the shared token; give it a token of its own.
    const token = role === undefined ? undefined : op.id === 'logout' ? (await tokenFor(role)).token : tokens.get(role);
    const res = await call(op.method, pathOf(op), { ...(token ? { token } : {}), ...(op.method === 'GET' || op.method === 'DELETE' ? {} : { body: {} }) });
    if (allowed(op, role)) {
      expect([401, 403]).not.toContain(res.status);
      expect(res.status).toBeLessThan(500);
    } else {
      expect(res.status).toBe(role === undefined ? 401 : 403);
    }
  });

  it('wrote nothing: the table holds the same items as before the calls', async () => {
    expect(await dataKeys()).toEqual(keysBefore);
  });
});
