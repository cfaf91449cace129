import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { baseUrl } from '../support/stack-env.ts';
import { errorBody } from '#shared/catalogue/errors.ts';
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

  it('names the path parameter that holds a bad escape', async () => {
    const res = await fetch(`${baseUrl}/api/tickets/%ZZ`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; fields?: Record<string, string[]> } };
    expect(body.error.code).toBe('bad_request');
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

  it('refuses an overlong path with 400, and a request too large for Node with an answer, not a crash', async () => {
    for (const path of [`/${'a'.repeat(MAX_PATH_LENGTH + 1)}`, `/api/tickets/${'9'.repeat(MAX_PATH_LENGTH)}`]) {
      const answer = await raw('GET', path);
      expect(answer.status, path.slice(0, 20)).toBe(400);
      expect(isErrorBody(answer)).toBe(true);
    }
    const huge = await raw('GET', `/${'b'.repeat(20_000)}`);
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
    await stillAnswers();
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
