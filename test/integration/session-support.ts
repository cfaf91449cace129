import { request, type IncomingHttpHeaders } from 'node:http';
import { randomInt } from 'node:crypto';
import { baseUrl } from '../support/stack-env.ts';
import { hashPassword } from '#functions/plumbing/passwords.ts';
import { nextId } from '#functions/plumbing/ids.ts';
import { insertUser } from '#functions/storage/users.ts';

/**
 * Helpers of the session tests. Calls can come from their own loopback address (all of
 * 127.0.0.0/8 reaches the local adapter), so the per-client login limit of one test never
 * touches another's, nor the 127.0.0.1 the rest of the suite logs in from.
 */
export const newClientAddress = (): string => `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

export interface Answer<T> {
  status: number;
  headers: IncomingHttpHeaders;
  body: T;
}

/** One JSON call to the local adapter from a given source address. */
export function callFrom<T = { error?: { code: string; message: string } }>(
  address: string,
  method: string,
  path: string,
  opts: { body?: unknown; token?: string } = {},
): Promise<Answer<T>> {
  const url = new URL(path, baseUrl);
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const headers: Record<string, string> = {};
  if (payload !== undefined) headers['content-type'] = 'application/json';
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: url.port, path: url.pathname + url.search, method, headers, localAddress: address }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: (text ? JSON.parse(text) : undefined) as T });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

export const loginFrom = (address: string, email: string, password: string) =>
  callFrom<{ token: string; user: { id: number; role: number }; error?: { code: string; message: string } }>(address, 'POST', '/api/session/login', { body: { email, password } });

/** One scrypt hash per password for the whole file (each costs 128 MiB and a good part of a second). */
const hashes = new Map<string, Promise<string>>();

/** A throwaway user, so throttling and password changes don't leak between tests. */
export async function newUser(role: number, password = 'first-pass') {
  const id = await nextId('user', 1000);
  const now = new Date().toISOString();
  const email = `user${id}@test.example`;
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  const password_hash = await hashes.get(password)!;
  await insertUser({ id, role, email, firstname: 'Test', lastname: `User${id}`, password_hash, created_at: now, updated_at: now });
  return { id, email, password };
}
