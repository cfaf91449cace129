import '../../scripts/local/quiet-sdk.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '#shared/catalogue/errors.ts';
import { Role } from '#shared/roles.ts';
import { startLocalStack, type LocalStack } from '../../scripts/local/stack.ts';
import { demoAccount } from '../../scripts/local/demo-accounts.ts';
import { dynamoProcessesOn } from '../../scripts/local/data-lock.ts';

/**
 * Storage outages (issue 8 item 10): this file starts its OWN stack (own DynamoDB Local on a
 * data folder, own s3rver, own HTTP port) in its worker, so stopping these emulators leaves the
 * shared stack of the other integration files alone. A request during an outage answers 503 in
 * the error shape, within the Lambda timeout (the fetch gives up at 14 s: a hang fails the test),
 * and the same request succeeds once the emulator is back, without restarting anything else.
 */
const LAMBDA_TIMEOUT_MS = 15_000;

let stack: LocalStack;
let dataDir: string;
let token: string;

async function request(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown; ms: number }> {
  const started = Date.now();
  const res = await fetch(`${stack.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
    signal: AbortSignal.timeout(LAMBDA_TIMEOUT_MS - 1_000),
  });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as unknown, ms: Date.now() - started };
}

/** The stack recovers by itself: the same request succeeds again, with no restart of anything else (a just-started JVM may need a few tries on a loaded machine). */
async function recovers(method: string, path: string, body?: (attempt: number) => unknown): Promise<number> {
  let status = 0;
  for (let attempt = 0; attempt < 10 && status !== 200; attempt++) {
    if (attempt) await new Promise((r) => setTimeout(r, 2_000));
    status = (await request(method, path, body?.(attempt))).status;
  }
  return status;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'immo-faults-'));
  stack = await startLocalStack({ port: 0, dataDir });
  // After startLocalStack set the environment: the SDK clients must point at this stack.
  const { createSession } = await import('#functions/plumbing/sessions.ts');
  const account = demoAccount(Role.broker);
  ({ token } = await createSession({ id: account.id, firstname: account.firstname, lastname: account.lastname, email: account.email, role: account.role }));
}, 300_000);

afterAll(async () => {
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

// Restarting Java on a loaded machine can take a while: generous limits per test.
describe('storage outages answer 503 and the stack recovers by itself', { timeout: 240_000 }, () => {
  it('DynamoDB Local stopped: 503 in the error shape, then 200 once it is back', async () => {
    expect((await request('GET', '/api/session/me')).status).toBe(200);
    await stack.emulators.dynamo.stop();
    try {
      for (const [method, path] of [
        ['GET', '/api/session/me'],
        ['GET', '/api/tickets'],
      ] as const) {
        const down = await request(method, path);
        console.log(`DynamoDB down: ${method} ${path} → ${down.status} in ${down.ms} ms`);
        expect(down.status, path).toBe(503);
        expect(errorBody.parse(down.body).error.code).toBe('external_service');
      }
    } finally {
      await stack.emulators.dynamo.start();
    }
    expect(await recovers('GET', '/api/session/me')).toBe(200);
  });

  it('DynamoDB Local hung (SIGSTOP): 503 before the Lambda timeout, then 200 once it runs again', async () => {
    const paused = dynamoProcessesOn(join(dataDir, 'dynamodb'));
    expect(paused.length).toBeGreaterThan(0);
    for (const pid of paused) process.kill(pid, 'SIGSTOP');
    try {
      const down = await request('GET', '/api/session/me');
      console.log(`DynamoDB hung: GET /api/session/me → ${down.status} in ${down.ms} ms`);
      expect(down.status).toBe(503);
      expect(errorBody.parse(down.body).error.code).toBe('external_service');
    } finally {
      for (const pid of paused) process.kill(pid, 'SIGCONT');
    }
    expect(await recovers('GET', '/api/session/me')).toBe(200);
  });

  it('s3rver stopped: 503 in the error shape, then 200 once it is back', async () => {
    const file = (name: string) => ({ filename: name, filetype: 'application/zip', size: 6 * 1024 * 1024, lastModified: Date.now(), date: new Date().toISOString().slice(0, 10) });
    await stack.emulators.s3.stop();
    try {
      const down = await request('POST', '/api/rij/multipart', file('outage.zip'));
      console.log(`s3rver down: POST /api/rij/multipart → ${down.status} in ${down.ms} ms`);
      expect(down.status).toBe(503);
      expect(errorBody.parse(down.body).error.code).toBe('external_service');
    } finally {
      await stack.emulators.s3.start();
    }
    expect(await recovers('POST', '/api/rij/multipart', (attempt) => file(`after-${attempt}.zip`))).toBe(200);
  });
});
