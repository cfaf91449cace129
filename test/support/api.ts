import { baseUrl } from './stack-env.ts';
import { createSession } from '#functions/plumbing/sessions.ts';
import { demoAccount, type DemoAccount } from '../../scripts/local/demo-accounts.ts';
import type { RoleId } from '#shared/roles.ts';

export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** A raw HTTP call to the local adapter, as a browser would make it. */
export async function call<T = unknown>(method: string, path: string, opts: { token?: string; body?: unknown; rawBody?: string } = {}): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: string | undefined;
  if (opts.rawBody !== undefined) body = opts.rawBody;
  else if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${baseUrl}${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // keep the text
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}

/** A fresh session for a demo account, created directly in the table (no scrypt, so tests stay fast). */
export async function tokenFor(role: RoleId): Promise<{ token: string; account: DemoAccount }> {
  const account = demoAccount(role);
  const { token } = await createSession({ id: account.id, firstname: account.firstname, lastname: account.lastname, email: account.email, role: account.role });
  return { token, account };
}

export async function loginWithPassword(email: string, password: string): Promise<ApiAnswer<{ token: string; user: { id: number; role: number } }>> {
  return call('POST', '/api/session/login', { body: { email, password } });
}
