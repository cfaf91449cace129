/**
 * GET answers started at boot, before the code that reads them has loaded (docs/decisions/0395):
 * the session check leaves while the app's own modules and the session chunk (with its zod) are
 * still being fetched and evaluated. Each is taken once, by the first call of the same URL with
 * the same token; later calls fetch as usual.
 */
const started = new Map<string, Promise<Response>>();
const keyOf = (url: string, token: string) => `${token} ${url}`;

export function startGet(url: string, token: string): void {
  const response = fetch(url, { headers: { Accept: 'application/json', Authorization: `Bearer ${token}` } });
  // A failure is met by the call that takes it (a network error there, as for its own fetch).
  response.catch(() => undefined);
  started.set(keyOf(url, token), response);
}

export function takeStartedGet(url: string, token: string | null | undefined): Promise<Response> | undefined {
  if (!token) return undefined;
  const key = keyOf(url, token);
  const response = started.get(key);
  started.delete(key);
  return response;
}
