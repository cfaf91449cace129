import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { loginError, loginReasonKey } from './login-error.ts';
import { safeRedirect } from './session.ts';

describe('login messages (part 1 section 8)', () => {
  it('maps a wrong password to the spec message key', () => {
    expect(loginError(new ApiError(401, 'unauthorized', 'no'))).toEqual({ key: 'login.error_while_login' });
  });
  it('tells a throttled account the minutes its lock still runs, from Retry-After', () => {
    expect(loginError(new ApiError(429, 'too_many_requests', 'later', undefined, undefined, 250))).toEqual({ key: 'login.too_many_attempts', values: { count: 5 } });
    expect(loginError(new ApiError(429, 'too_many_requests', 'later', undefined, undefined, 30))).toEqual({ key: 'login.too_many_attempts', values: { count: 1 } });
  });
  it('says the full 15 minutes when the answer does not tell', () => {
    expect(loginError(new ApiError(429, 'too_many_requests', 'later'))).toEqual({ key: 'login.too_many_attempts', values: { count: 15 } });
  });
  it("shows 'Server Error' for a 200 answer without a token", () => {
    expect(loginError(new ApiError(200, 'invalid_response', 'login: unexpected answer'))).toEqual({ key: 'login.server_error' });
  });
  it('falls back to the login error for anything else', () => {
    expect(loginError(new ApiError(0, 'network_error', 'offline'))).toEqual({ key: 'login.error_while_login' });
  });
});

describe('safeRedirect', () => {
  it('follows same-origin paths only', () => {
    expect(safeRedirect('/users?role=3')).toBe('/users?role=3');
    expect(safeRedirect('//evil.example')).toBeUndefined();
    expect(safeRedirect('https://evil.example')).toBeUndefined();
    expect(safeRedirect('/\\evil.example')).toBeUndefined();
    expect(safeRedirect('/login?redirect=/x')).toBeUndefined();
    expect(safeRedirect(undefined)).toBeUndefined();
  });
});

describe('why the login page is shown', () => {
  it('says a ticket is private to the account, any other page needs a login', () => {
    expect(loginReasonKey('/tickets/12')).toBe('login.reason_ticket');
    expect(loginReasonKey('/deliveries')).toBe('login.reason_page');
  });
});
