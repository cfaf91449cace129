import i18n from 'i18next';
import type { ErrorCode } from '#shared/catalogue/errors.ts';
import { pathParams, type InputOf, type OperationDef, type OutputOf } from '#shared/catalogue/operation.ts';
import { checkRoute } from '#shared/routes.ts';
import { takeStartedGet } from './early-get.ts';
import { errorText } from './error-text.ts';
import { sessionToken } from './session-token.ts';

/**
 * The typed web client, driven by the operation catalogue: one function for every
 * operation. Path parameters are substituted, the rest goes to the query string
 * (GET, DELETE) or to a JSON body (POST, PUT); the answer is parsed with op.output.
 * Import operations from their area file (#shared/catalogue/<area>.ts), never the
 * catalogue index, so a screen's bundle holds only the operations it calls.
 */

/** Same origin: the local adapter and CloudFront both route /api/* to the API. */
export const API_BASE = '';

export type ApiErrorCode = ErrorCode | 'network_error' | 'invalid_response';

export class ApiError extends Error {
  /**
   * `message`: the text, or how to say it (a plumbing text, an answer that is not JSON): then the
   * error's `message` is said in the page's language each time it is read, so a refusal on screen
   * follows a language switch (docs/decisions/0745).
   */
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string | (() => string),
    readonly fields?: Record<string, string[]>,
    /** The error's `details` (e.g. what blocks a zone deletion), unparsed: the caller checks its shape. */
    readonly details?: unknown,
    /** A 429's Retry-After header: how long the limit still holds. */
    readonly retryAfterSeconds?: number,
  ) {
    super(typeof message === 'string' ? message : '');
    if (typeof message === 'function') Object.defineProperty(this, 'message', { get: message, configurable: true, enumerable: false });
    this.name = 'ApiError';
  }
}

/** Whether a role may call the operation, by its catalogue `access`: the one source of a screen's per-role choices. */
export function mayCall(op: Pick<OperationDef, 'access'>, role: number | undefined): boolean {
  return checkRoute(op.access, role) === 'allow';
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

type UnauthorizedListener = (op: OperationDef) => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** Called on every 401 answer except login's: the session is gone (expired or revoked). */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Defaults to the stored session token. */
  token?: string | null;
}

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  422: 'unprocessable',
  429: 'too_many_requests',
  503: 'external_service',
};

/** A Retry-After header in seconds (the API sends seconds, never an HTTP date); undefined when absent or not a number. */
export function retryAfterSeconds(header: string | null): number | undefined {
  if (!header || !/^\d{1,9}$/.test(header.trim())) return undefined;
  return Number(header.trim());
}

/** How many whole minutes a 429 asks to wait, rounded up; `fallback` when the answer did not say. */
export function retryAfterMinutes(error: ApiError, fallback: number): number {
  return error.retryAfterSeconds === undefined ? fallback : Math.max(1, Math.ceil(error.retryAfterSeconds / 60));
}

export function buildRequest(op: OperationDef, input: Record<string, unknown>): { url: string; body?: string } {
  const params = pathParams(op.path);
  let path: string = op.path;
  for (const name of params) {
    const value = input[name];
    if (value === undefined || value === null || value === '') throw new Error(`${op.id}: missing path parameter ${name}`);
    path = path.replace(`{${name}}`, encodeURIComponent(String(value)));
  }
  const rest = Object.entries(input).filter(([key, value]) => !params.includes(key) && value !== undefined);
  if (op.method === 'GET' || op.method === 'DELETE') {
    const query = new URLSearchParams();
    for (const [key, value] of rest) {
      for (const item of Array.isArray(value) ? value : [value]) {
        query.append(key, typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item));
      }
    }
    const qs = query.toString();
    return { url: `${API_BASE}${path}${qs ? `?${qs}` : ''}` };
  }
  return { url: `${API_BASE}${path}`, body: JSON.stringify(Object.fromEntries(rest)) };
}

export async function callOperation<Op extends OperationDef>(op: Op, input: InputOf<Op>, options: CallOptions = {}): Promise<OutputOf<Op>> {
  const { url, body } = buildRequest(op, (input ?? {}) as Record<string, unknown>);
  const token = options.token === undefined ? sessionToken.get() : options.token;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    const early = op.method === 'GET' ? takeStartedGet(url, token) : undefined;
    response = await (early ?? fetch(url, { method: op.method, headers, body, signal: options.signal }));
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    // The browser's own text ('Failed to fetch') is English whatever the page's language: screens that show a failure's message show this one.
    throw new ApiError(0, 'network_error', i18n.isInitialized ? i18n.t('common.network_error') : cause instanceof Error ? cause.message : 'Network error');
  }

  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }

  if (!response.ok) {
    // Loaded with the first error, not with the first page: schemas (zod) stay out of the first load.
    const { errorBody } = await import('#shared/catalogue/errors.ts');
    const parsed = errorBody.safeParse(json);
    const retryAfter = retryAfterSeconds(response.headers.get('retry-after'));
    // The server's own message, but its generic plumbing texts (and an answer that is not JSON) in the page's language.
    const code = parsed.success ? parsed.data.error.code : (STATUS_CODES[response.status] ?? 'server_error');
    const serverMessage = parsed.success ? parsed.data.error.message : undefined;
    const message = () => errorText(response.status, code, serverMessage, response.statusText);
    const error = parsed.success
      ? new ApiError(response.status, code, message, parsed.data.error.fields, parsed.data.error.details, retryAfter)
      : new ApiError(response.status, code, message, undefined, undefined, retryAfter);
    if (response.status === 401 && op.id !== 'login') unauthorizedListeners.forEach((l) => l(op));
    throw error;
  }

  const output = op.output.safeParse(json);
  if (!output.success) throw new ApiError(response.status, 'invalid_response', () => errorText(response.status, 'invalid_response', `${op.id}: unexpected answer`));
  return output.data as OutputOf<Op>;
}
