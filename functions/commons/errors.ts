import { ERROR_CODES, type ErrorBody, type ErrorCode } from '#shared/catalogue/errors.ts';

/** An error meant for the caller: its status, code and message become the response. */
export class HttpError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly fields: Record<string, string[]> | undefined;
  readonly details: unknown;

  constructor(code: ErrorCode, message: string, extra: { fields?: Record<string, string[]>; details?: unknown } = {}) {
    super(message);
    this.code = code;
    this.status = ERROR_CODES[code];
    this.fields = extra.fields;
    this.details = extra.details;
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
export const unauthorized = (message = 'Authentication required.') => new HttpError('unauthorized', message);
export const forbidden = (message = 'You are not allowed to do this.') => new HttpError('forbidden', message);
export const notFound = (message = 'Not found.') => new HttpError('not_found', message);
export const conflict = (message: string, details?: unknown) =>
  new HttpError('conflict', message, details === undefined ? {} : { details });
export const unprocessable = (message: string, details?: unknown) =>
  new HttpError('unprocessable', message, details === undefined ? {} : { details });
export const tooManyRequests = (message: string) => new HttpError('too_many_requests', message);
export const payloadTooLarge = (message: string) => new HttpError('payload_too_large', message);
export const externalServiceFailed = (message: string) => new HttpError('external_service', message);
