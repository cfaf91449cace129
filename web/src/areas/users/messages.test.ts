import { describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '#shared/catalogue/users.ts';
import { ApiError } from '../../api/client.ts';
import { PHONE_MESSAGE } from '#shared/rules/phone-number.ts';
import type { TFunction } from 'i18next';
import { words } from '../../i18n/said.ts';
import { fieldMessageKey, isAnswered, outcomeOfFailure } from './messages.ts';

/** A t() that shows the key and its values, so the test reads which text was chosen. */
const t = ((key: string, values?: Record<string, unknown>) => (values && Object.keys(values).length ? `${key} ${JSON.stringify(values)}` : key)) as unknown as TFunction;

describe("a user save's failure (part 2 §8 'User save')", () => {
  it('409 on an existing e-mail gives the spec text, another 409 the changed-meanwhile text', () => {
    expect(outcomeOfFailure(new ApiError(409, 'conflict', USER_MESSAGES.exists)).text).toEqual({ key: 'users.exists' });
    expect(outcomeOfFailure(new ApiError(409, 'conflict', 'Changed.')).text).toEqual({ key: 'users.changed_meanwhile' });
  });

  it('another status shows the status and the server message', () => {
    expect(words(t, 'en', outcomeOfFailure(new ApiError(500, 'server_error', 'Boom.')).text)).toBe('users.failed {"status":500,"message":"Boom."}');
  });

  it('a request the server never answered (status 0, the browser\'s own English text) gives the translated network text', () => {
    const offline = new ApiError(0, 'network_error', 'Failed to fetch');
    expect(isAnswered(offline)).toBe(false);
    expect(outcomeOfFailure(offline)).toEqual({ ok: false, text: { key: 'users.network' } });
    expect(isAnswered(new Error('x'))).toBe(false);
    expect(isAnswered(new ApiError(503, 'external_service', 'x'))).toBe(true);
  });
});

describe("a field's message", () => {
  it('is said by its key; a phone number that is none gets its own text, not the generic one', () => {
    expect(fieldMessageKey(USER_MESSAGES.email)).toBe('users.msg.email');
    expect(fieldMessageKey(PHONE_MESSAGE)).toBe('users.msg.phone');
    expect(fieldMessageKey('Something else.')).toBe('users.msg.invalid');
  });
});
