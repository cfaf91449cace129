import { ERROR_CODES, type ErrorBody, type ErrorCode } from '#shared/catalogue/errors.ts';
import { MAX_BODY_BYTES, PLUMBING_MESSAGES } from '#shared/messages/plumbing.ts';

export { MAX_BODY_BYTES };

/** An error meant for the caller: its status, code and message become the response. */
export class HttpError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly fields: Record<string, string[]> | undefined;
  readonly details: unknown;
  /** A 429's wait, sent as the Retry-After header so a client can say how long. */
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, message: string, extra: { fields?: Record<string, string[]>; details?: unknown; retryAfterSeconds?: number } = {}) {
    super(message);
    this.code = code;
    this.status = ERROR_CODES[code];
    this.fields = extra.fields;
    this.details = extra.details;
    this.retryAfterSeconds = extra.retryAfterSeconds;
  }

  headers(): Record<string, string> {
    return this.retryAfterSeconds === undefined ? {} : { 'retry-after': String(Math.max(1, Math.ceil(this.retryAfterSeconds))) };
  }

  body(): ErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.fields ? { fields: this.fields } : {}),
        ...(this.details !== undefined ? { details: this.details } : {}),
      },
    };
  }
}

export const badRequest = (message: string, fields?: Record<string, string[]>) =>
  new HttpError('bad_request', message, fields ? { fields } : {});
/** The generic 400: what is wrong is said by field. */
export const invalidInput = (fields?: Record<string, string[]>) => badRequest(PLUMBING_MESSAGES.invalidInput, fields);
export const unauthorized = (message: string = PLUMBING_MESSAGES.authenticationRequired) => new HttpError('unauthorized', message);
export const forbidden = (message: string = PLUMBING_MESSAGES.forbidden) => new HttpError('forbidden', message);
export const notFound = (message: string = PLUMBING_MESSAGES.notFound) => new HttpError('not_found', message);
export const conflict = (message: string, details?: unknown) =>
  new HttpError('conflict', message, details === undefined ? {} : { details });
/** The generic 409 of a write that lost to another one (the web says it in the page's language). */
export const changedMeanwhile = () => conflict(PLUMBING_MESSAGES.changedMeanwhile);
export const unprocessable = (message: string, details?: unknown) =>
  new HttpError('unprocessable', message, details === undefined ? {} : { details });
/** 429 for a limit that frees up in `retryAfterSeconds`; the message says the wait too (`waitText`). */
export const tooManyRequests = (message: string, retryAfterSeconds: number) => new HttpError('too_many_requests', message, { retryAfterSeconds });
/** A wait in whole minutes, rounded up, for a 429's message: '1 minute', '15 minutes'. */
export const waitText = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
};
export const payloadTooLarge = (message: string) => new HttpError('payload_too_large', message);
export const bodyTooLarge = () => payloadTooLarge(PLUMBING_MESSAGES.bodyTooLarge);
export const externalServiceFailed = (message: string) => new HttpError('external_service', message);
/*
 * The plumbing's 503s, fixed texts so the web says them in the page's language (web/src/api/error-text.ts);
 * what failed exactly goes to the function's log.
 */
/** A DynamoDB batch still throttled after its retries. */
export const databaseBusy = () => externalServiceFailed(PLUMBING_MESSAGES.databaseBusy);
/** Amazon Location (addresses, positions, travel times) failed. */
export const addressServiceFailed = () => externalServiceFailed(PLUMBING_MESSAGES.addressServiceFailed);
/** The response-code table's 500 'solver or simulation error' (part 1 §8): a planning workflow failed or ran out of time. */
export const solverFailed = (message: string) => new HttpError('server_error', message);

/** Network failures and timeouts talking to DynamoDB or S3, and their own 5xx and throttling answers. */
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_SOCKET']);
const UNAVAILABLE_NAMES = new Set([
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
  'ServiceUnavailable',
  'ServiceUnavailableException',
  'InternalServerError',
  'InternalError',
  'SlowDown',
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
]);

/** Whether an error means a storage service (DynamoDB, S3) could not be reached or did not answer in time: a 503, not a 500. */
export function isServiceUnavailable(error: unknown): boolean {
  for (let e = error as { name?: unknown; code?: unknown; cause?: unknown; errors?: unknown; $metadata?: { httpStatusCode?: number } } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && UNAVAILABLE_CODES.has(e.code)) return true;
    if (typeof e.name === 'string' && UNAVAILABLE_NAMES.has(e.name)) return true;
    if ((e.$metadata?.httpStatusCode ?? 0) >= 500) return true;
    if (Array.isArray(e.errors) && e.errors.some(isServiceUnavailable)) return true;
  }
  return false;
}

export const serviceUnavailable = () => new HttpError('external_service', PLUMBING_MESSAGES.storageUnavailable);
/** The 500 of a failure nobody meant to answer: its details go to the log, never to the caller. */
export const internalError = () => new HttpError('server_error', PLUMBING_MESSAGES.internalError);
