import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dynamoProcessesOn, isAlive } from '../../scripts/local/data-lock.ts';
import { freePort } from '../../scripts/local/ports.ts';
import { baseUrl } from '../support/stack-env.ts';
import { errorBody } from '#shared/catalogue/errors.ts';
import { PLUMBING_MESSAGES } from '#shared/messages/plumbing.ts';
import { MAX_PATH_LENGTH } from '../../scripts/local/adapter.ts';

interface RawAnswer {
  status: number;
  headers: string;
  body: string;
}

/** Sends a request line exactly as written (fetch would normalise `..`, escape NUL and so on). */
function raw(method: string, target: string, extraHeaders = ''): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const [head = '', ...rest] = data.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      resolve({ status, headers: head.toLowerCase(), body: rest.join('\r\n\r\n') });
    });
    socket.write(`${method} ${target} HTTP/1.1\r\nhost: ${hostname}:${port}\r\nconnection: close\r\n${extraHeaders}\r\n`);
  });
}

function isErrorBody(answer: RawAnswer): boolean {
  // A chunked body: keep the JSON between the first { and the last }.
  const json = answer.body.slice(answer.body.indexOf('{'), answer.body.lastIndexOf('}') + 1);
  try {
    return errorBody.safeParse(JSON.parse(json)).success;
  } catch {
    return false;
  }
}

/** Any answer but a server error (503 is the static 'web app not built' page when web/dist is absent). */
const answerable = (status: number) => status >= 200 && (status < 500 || status === 503);

async function stillAnswers(): Promise<void> {
  const res = await fetch(`${baseUrl}/api/openapi.json`);
  expect(res.status).toBe(200);
  await res.arrayBuffer();
}

describe('local server (scripts/local/adapter.ts) against hostile URLs', () => {
  const badEscapes = ['/%ZZ', '/%', '/%E0%A4%A', '/assets/%ZZ.js', '/api/%ZZ', '/api/tickets/%ZZ', '/api/tickets/%E0%A4%A'];

  it.each(badEscapes)('answers 400 in the error shape to the bad escape %s and keeps running', async (path) => {
    const answer = await raw('GET', path);
    expect(answer.status).toBe(400);
    expect(answer.headers).toContain('application/json');
    expect(isErrorBody(answer)).toBe(true);
    await stillAnswers();
  });

  it('names the path parameter that holds a bad escape, under the generic text the web says in its language', async () => {
    const res = await fetch(`${baseUrl}/api/tickets/%ZZ`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; message: string; fields?: Record<string, string[]> } };
    expect(body.error.code).toBe('bad_request');
    expect(body.error.message).toBe(PLUMBING_MESSAGES.invalidInput);
    expect(Object.keys(body.error.fields ?? {})).toEqual(['id']);
  });

  it('refuses NUL and other control characters, escaped or raw, on static and API paths', async () => {
    for (const path of ['/%00', '/index.html%00.png', '/api/tickets/1%00', '/a%0Ab', '/api/tickets/%1F']) {
      const answer = await raw('GET', path);
      expect(answer.status, path).toBe(400);
      expect(isErrorBody(answer), path).toBe(true);
    }
    const rawNul = await raw('GET', '/\u0000');
    expect(rawNul.status).toBe(400);
    await stillAnswers();
  });

  it("refuses an overlong API path with 400, gives an overlong page path the app (its not-found page), and answers a request too large for Node, not a crash", async () => {
    const api = await raw('GET', `/api/tickets/${'9'.repeat(MAX_PATH_LENGTH)}`);
    expect(api.status).toBe(400);
    expect(isErrorBody(api)).toBe(true);
    // The length is said first, a bad escape in it or not.
    const apiBadEscape = await raw('GET', `/api/tickets/${'9'.repeat(MAX_PATH_LENGTH)}%zz`);
    expect(apiBadEscape.status).toBe(400);
    expect(apiBadEscape.body).toContain(`exceeds ${MAX_PATH_LENGTH} characters`);
    const page = await raw('GET', `/centris/broker/${'a'.repeat(MAX_PATH_LENGTH + 1)}`);
    expect(answerable(page.status)).toBe(true);
    expect(page.headers).toContain('text/');
    expect(isErrorBody(page)).toBe(false);
    // Overlong does not let a control character through.
    const longNul = await raw('GET', `/centris/broker/${'a'.repeat(MAX_PATH_LENGTH + 1)}%00`);
    expect(longNul.status).toBe(400);
    expect(isErrorBody(longNul)).toBe(true);
    const huge = await raw('GET', `/${'b'.repeat(20_000)}`);
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
    await stillAnswers();
  });

  it("gives a client route whose last segment has a dot but no extension the app ('/tech_review/5016.5'); a missing file 404", async () => {
    for (const path of ['/tech_review/5016.5', '/users/edit/1e3']) {
      const answer = await raw('GET', path);
      expect(answerable(answer.status), path).toBe(true);
      expect(answer.status, path).not.toBe(404);
      expect(answer.headers, path).toContain('text/');
    }
    expect((await raw('GET', '/assets/missing-chunk.js')).status).toBe(404);
  });

  it('never serves a file outside the web folder through `..` segments, raw or escaped', async () => {
    for (const path of ['/../package.json', '/../../etc/passwd', '/%2e%2e/package.json', '/..%2fpackage.json', '/assets/..%2f..%2f..%2fpackage.json', '/..\\package.json', '/api/../../package.json']) {
      const answer = await raw('GET', path);
      expect(answerable(answer.status), path).toBe(true);
      expect(answer.body, path).not.toContain('"devDependencies"');
      expect(answer.body, path).not.toContain('root:x:0');
    }
    await stillAnswers();
  });

  it('keeps answering after a burst of hostile requests of every kind', async () => {
    const targets = ['/%ZZ', '/api/%ZZ', '/%00', '/api/tickets/%ZZ', '/../x', `/${'c'.repeat(5000)}`, '/api/deliveries?cursor=%ZZ', '/?%ZZ=%ZZ', '*', '//'];
    const answers = await Promise.all(targets.map((t) => raw('GET', t)));
    for (const [i, answer] of answers.entries()) {
      expect(answerable(answer.status), `${targets[i]} → ${answer.status}`).toBe(true);
    }
    await stillAnswers();
  });
});

const ROOT = resolve(import.meta.dirname, '../..');

/** A process that does what a stack does with its data folder: take the lock, start DynamoDB Local on it. */
function stackLike(dataDir: string, port: number): { proc: ChildProcess; ready: Promise<string>; output: () => string } {
  const code = `
    const { lockDataFolder } = await import(${JSON.stringify(join(ROOT, 'scripts/local/data-lock.ts'))});
    const { startDynamoDbLocal } = await import(${JSON.stringify(join(ROOT, 'scripts/local/dynamodb-local.ts'))});
    try {
      await lockDataFolder(${JSON.stringify(dataDir)}, ${JSON.stringify(join(dataDir, 'dynamodb'))});
    } catch (error) {
      console.error(error.message);
      process.exit(3);
    }
    await startDynamoDbLocal({ port: ${port}, dataDir: ${JSON.stringify(join(dataDir, 'dynamodb'))} });
    console.log('ready');
    setInterval(() => {}, 1000);`;
  const proc = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  proc.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  proc.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const ready = new Promise<string>((resolvePromise, reject) => {
    proc.stdout!.on('data', () => out.includes('ready') && resolvePromise('ready'));
    proc.once('exit', (codeNumber) => (out.includes('ready') ? undefined : codeNumber === 3 ? resolvePromise('refused') : reject(new Error(`exited ${codeNumber}: ${out}`))));
  });
  return { proc, ready, output: () => out };
}

async function until(check: () => boolean, limitMs: number): Promise<boolean> {
  for (let waited = 0; waited < limitMs; waited += 200) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return check();
}

describe('local stack lifecycle: one stack per data folder, no emulator outlives its stack', () => {
  it('refuses a second start on a folder in use, stops DynamoDB Local when its stack is killed -9, and lets the next start take the folder over', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'immo-lifecycle-'));
    const dynamoDir = join(dataDir, 'dynamodb');
    const running: ChildProcess[] = [];
    try {
      const first = stackLike(dataDir, await freePort());
      running.push(first.proc);
      expect(await first.ready).toBe('ready');
      expect(dynamoProcessesOn(dynamoDir).length).toBeGreaterThan(0);

      const second = stackLike(dataDir, await freePort());
      running.push(second.proc);
      expect(await second.ready).toBe('refused');
      expect(second.output()).toContain(`in use by another local stack (process ${first.proc.pid})`);

      // kill -9: no exit handler runs in the stack; DynamoDB Local's watchdog must still stop Java.
      first.proc.kill('SIGKILL');
      expect(await until(() => dynamoProcessesOn(dynamoDir).length === 0, 15_000), 'DynamoDB Local outlived its stack').toBe(true);

      // Its lock is stale now: the next start takes the folder over.
      const third = stackLike(dataDir, await freePort());
      running.push(third.proc);
      expect(await third.ready).toBe('ready');
      third.proc.kill('SIGTERM');
      expect(await until(() => !isAlive(third.proc.pid!) && dynamoProcessesOn(dynamoDir).length === 0, 15_000)).toBe(true);
    } finally {
      for (const p of running) p.kill('SIGKILL');
      await until(() => dynamoProcessesOn(dynamoDir).length === 0, 15_000);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
