import { describe, expect, it } from 'vitest';
import { redact, redactPath } from './request-log.ts';

describe('redact', () => {
  it('hides passwords, tokens and secrets at any depth and keeps the rest', () => {
    expect(
      redact({ email: 'a@b.c', password: 'x', nested: { oldPassword: 'y', list: [{ token: 't', keep: 1 }] }, confirmation: 'z', Authorization: 'Bearer q' }),
    ).toEqual({ email: 'a@b.c', password: '[redacted]', nested: { oldPassword: '[redacted]', list: [{ token: '[redacted]', keep: 1 }] }, confirmation: '[redacted]', Authorization: '[redacted]' });
  });
});

describe('redactPath', () => {
  const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
  it('hides the secret path parameters of the route, wherever they sit', () => {
    expect(redactPath(`/api/delivery/${token}`, 'GET /api/delivery/{token}', { token })).toBe('/api/delivery/[redacted]');
    expect(redactPath(`/api/delivery/${token}/feedback`, 'POST /api/delivery/{token}/feedback', { token })).toBe('/api/delivery/[redacted]/feedback');
  });

  it('keeps paths without secrets as they are', () => {
    expect(redactPath('/api/tickets/12', 'GET /api/tickets/{id}', { id: '12' })).toBe('/api/tickets/12');
  });

  it('replaces the secret value itself when the path does not line up with the route', () => {
    expect(redactPath(`/api/delivery/${token}/`, 'GET /api/delivery/{token}', { token })).toBe('/api/delivery/[redacted]/');
  });
});
