import i18n from 'i18next';
import type { ErrorCode } from '#shared/catalogue/errors.ts';
import { PLUMBING_MESSAGES } from '#shared/messages/plumbing.ts';

/**
 * The API's generic plumbing texts (shared/messages/plumbing.ts), by code and exact text, and the key
 * (`common.error.<key>`) that says them in the page's language. Every other message is a domain message, shown as
 * the server wrote it (part 1 §8, docs/decisions/0565), and screens compare it with their tables.
 */
const M = PLUMBING_MESSAGES;
const PLUMBING: Partial<Record<ErrorCode, Readonly<Record<string, string>>>> = {
  bad_request: { [M.invalidInput]: 'bad_request', [M.malformedJson]: 'bad_request', [M.notAnObject]: 'bad_request' },
  unauthorized: { [M.authenticationRequired]: 'unauthorized', [M.sessionEnded]: 'session_ended' },
  forbidden: { [M.forbidden]: 'forbidden' },
  not_found: { [M.notFound]: 'not_found' },
  conflict: { [M.changedMeanwhile]: 'conflict' },
  server_error: { [M.internalError]: 'server_error' },
  payload_too_large: { [M.bodyTooLarge]: 'too_large' },
  external_service: { [M.storageUnavailable]: 'unavailable', [M.databaseBusy]: 'unavailable', [M.addressServiceFailed]: 'unavailable' },
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
