import { beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/api.ts';
import { mayCall as allowed } from '../support/access.ts';
import { operations, pathParams, type OperationDef } from '#shared/catalogue/index.ts';
import { ALL_ROLES, type RoleId } from '#shared/roles.ts';

/**
 * Calls every catalogue operation anonymously and as every role, and checks 401 / 403 /
 * allowed against the catalogue's access. Inputs are empty (path parameters get a dummy
 * number), so an allowed call answers 2xx, 400 or 404 and changes nothing.
 */
function pathOf(op: OperationDef): string {
  return pathParams(op.path).reduce((path, name) => path.replace(`{${name}}`, '999999'), op.path);
}

describe('access table: every operation × anonymous and roles 1 to 12', () => {
  const tokens = new Map<RoleId, string>();
  beforeAll(async () => {
    for (const role of ALL_ROLES) tokens.set(role, (await tokenFor(role)).token);
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
});
