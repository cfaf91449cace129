import { USER_MESSAGES } from '#shared/catalogue/users.ts';
import { PASSWORD_MESSAGES } from '#shared/rules/password.ts';
import { PHONE_MESSAGE } from '#shared/rules/phone-number.ts';
import { isApiError, type ApiError } from '../../api/client.ts';
import type { Outcome } from '../../app/outcome-alert.tsx';
import { said } from '../../i18n/said.ts';

export type { Outcome };

/** The schemas' and the server's field messages, by the key of their translation. */
const FIELD_KEYS: Record<string, string> = {
  [USER_MESSAGES.required]: 'users.msg.required',
  [USER_MESSAGES.email]: 'users.msg.email',
  [PHONE_MESSAGE]: 'users.msg.phone',
  [USER_MESSAGES.role]: 'users.msg.role',
  [USER_MESSAGES.atLeastOne]: 'users.msg.at_least_one',
  [USER_MESSAGES.notYourself]: 'users.msg.not_yourself',
  [USER_MESSAGES.unknownZone]: 'users.msg.unknown',
  [USER_MESSAGES.unknownOffer]: 'users.msg.unknown',
  [USER_MESSAGES.unknownPackage]: 'users.msg.unknown',
  [USER_MESSAGES.unknownTeam]: 'users.msg.unknown',
  [USER_MESSAGES.unknownFranchise]: 'users.msg.unknown',
  [USER_MESSAGES.subscription]: 'users.msg.subscription',
  [USER_MESSAGES.tooManyReferences]: 'users.msg.too_many',
  [PASSWORD_MESSAGES.tooShort]: 'users.msg.too_short',
  [PASSWORD_MESSAGES.mismatch]: 'users.msg.mismatch',
};

/** The catalogue key of a schema's or the server's field message. */
export function fieldMessageKey(message: string): string {
  return FIELD_KEYS[message] ?? 'users.msg.invalid';
}

/** Part 2 §8 "User save 409": "L'usager existe déjà."; other errors show the status text and the server's message. */
export function outcomeOfFailure(error: Error): Outcome {
  if (isApiError(error, 409)) return { ok: false, text: said(error.message === USER_MESSAGES.exists ? 'users.exists' : 'users.changed_meanwhile') };
  if (isApiError(error, 400)) return { ok: false, text: said('users.invalid') };
  if (isApiError(error, 403)) return { ok: false, text: said('users.above_level') };
  return { ok: false, text: isAnswered(error) ? { compose: (t) => t('users.failed', { status: error.status, message: error.message }) } : said('users.network') };
}

/** Whether the server answered (an HTTP status); a request that never reached it is an ApiError of status 0, with the browser's own text. */
export function isAnswered(error: unknown): error is ApiError {
  return isApiError(error) && error.status > 0;
}
