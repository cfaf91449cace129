import i18n from 'i18next';
import type { ErrorCode } from '#shared/catalogue/errors.ts';

/**
 * The API's generic plumbing texts, by code and exact text, and the key (`common.error.<key>`) that
 * says them in the page's language: the defaults of functions/plumbing/errors.ts and the answers
 * functions/plumbing/api-handler.ts writes itself. Every other message is a domain message, shown as
 * the server wrote it (part 1 §8, docs/decisions/0565), and screens compare it with their tables.
 */
const PLUMBING: Partial<Record<ErrorCode, Readonly<Record<string, string>>>> = {
  bad_request: { 'Invalid input.': 'bad_request', 'Malformed JSON body.': 'bad_request', 'The JSON body must be an object.': 'bad_request' },
  unauthorized: { 'Authentication required.': 'unauthorized', 'Session expired or revoked.': 'session_ended' },
  forbidden: { 'You are not allowed to do this.': 'forbidden' },
  not_found: { 'Not found.': 'not_found' },
  conflict: { 'The data changed meanwhile; reload and try again.': 'conflict' },
  server_error: { 'Internal error.': 'server_error' },
  payload_too_large: { 'The request body exceeds 1048576 bytes.': 'too_large' },
  external_service: {
    'The service is briefly unavailable (storage did not answer); try again in a moment.': 'unavailable',
    'The database is busy; try again in a moment.': 'unavailable',
    'The address and travel-time service did not answer; try again in a moment.': 'unavailable',
  },
};

/** An answer that is not the API's JSON (a gateway's page, an empty body): the browser's status text is English, or empty. */
const NOT_JSON: Partial<Record<number, string>> = { 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 500: 'server_error', 502: 'unavailable', 503: 'unavailable', 504: 'unavailable' };

/**
 * The message an ApiError carries: the server's own (`serverMessage`), except the plumbing's generic
 * texts above, and, for an answer that was not JSON (`serverMessage` undefined), a text of the page's
 * language instead of the browser's status text. Before i18n is set up, the text is left as it came.
 */
export function errorText(status: number, code: ErrorCode | 'invalid_response', serverMessage: string | undefined, statusText = ''): string {
  const key = serverMessage === undefined ? (NOT_JSON[status] ?? 'status') : code === 'invalid_response' ? 'invalid_response' : PLUMBING[code]?.[serverMessage];
  const raw = serverMessage ?? (statusText || `HTTP ${status}`);
  return key && i18n.isInitialized ? i18n.t(`common.error.${key}`, { status }) : raw;
}
