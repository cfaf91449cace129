import { describe, expect, it, vi } from 'vitest';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { call, loginWithPassword, tokenFor } from '../support/api.ts';
import { db, tableName } from '#functions/plumbing/aws.ts';
import { keys } from '#functions/plumbing/keys.ts';
import { MAX_BODY_BYTES } from '#functions/plumbing/errors.ts';
import { operations } from '#shared/catalogue/index.ts';
import { errorBody } from '#shared/catalogue/errors.ts';
import { Role } from '#shared/roles.ts';

/** Raw calls throughout: these tests are of the HTTP layer itself (malformed bodies, sizes, unknown paths, the OpenAPI document). */
describe('HTTP contract of the local adapter and the handler wrapper', () => {
  it('answers malformed JSON with 400 in the error shape', async () => {
    const res = await call('POST', '/api/session/login', { rawBody: '{"email": ' });
    expect(res.status).toBe(400);
    expect(errorBody.safeParse(res.body).success).toBe(true);
  });

  it('answers a body over the limit with 413', async () => {
    const res = await call('POST', '/api/session/login', { rawBody: JSON.stringify({ email: 'x'.repeat(MAX_BODY_BYTES), password: 'y' }) });
    expect(res.status).toBe(413);
    expect(errorBody.parse(res.body).error.code).toBe('payload_too_large');
  });

  it('answers an unknown API path with a 404 JSON body', async () => {
    const res = await call('GET', '/api/does/not/exist');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(errorBody.safeParse(res.body).success).toBe(true);
  });

  it('answers a bad field with 400 and field errors', async () => {
    const res = await call('POST', '/api/session/login', { body: { email: '' } });
    expect(res.status).toBe(400);
    expect(Object.keys(errorBody.parse(res.body).error.fields ?? {}).sort()).toEqual(['email', 'password']);
  });

  it('serves the OpenAPI document of every catalogue operation', async () => {
    const res = await call<{ openapi: string; paths: Record<string, Record<string, { operationId: string }>> }>('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    const ids = Object.values(res.body.paths).flatMap((methods) => Object.values(methods).map((m) => m.operationId));
    expect(ids.sort()).toEqual(operations.map((op) => op.id).sort());
  });

  it('writes a request-log record with the password and token redacted', async () => {
    const marker = `log-check-${Date.now()}@test.example`;
    await loginWithPassword(marker, 'super-secret-password');
    const { token } = await tokenFor(Role.admin);
    await call('GET', '/api/session/me', { token });
    // The records are stored off the request path, within moments (ADR 0485).
    await vi.waitFor(async () => {
      const { Items = [] } = await db.send(
        new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.requestLog(new Date(), '').pk }, ScanIndexForward: false, Limit: 200 }),
      );
      const loginLog = Items.find((i) => (i.body as { email?: string } | undefined)?.email === marker);
      expect(loginLog).toMatchObject({ path: '/api/session/login', method: 'POST', response_status: 401, ip: expect.any(String) });
      expect(loginLog!.body.password).toBe('[redacted]');
      expect(JSON.stringify(Items)).not.toContain('super-secret-password');
      expect(JSON.stringify(Items)).not.toContain(token);
      expect(loginLog!.ttl).toBeGreaterThan(Date.now() / 1000 + 89 * 86_400);
      expect(typeof loginLog!.request_time).toBe('number');
      const meLog = Items.find((i) => i.path === '/api/session/me' && i.user?.id === 102);
      expect(meLog?.response_status).toBe(200);
    }, { timeout: 10_000, interval: 100 });
  });
});
