import { describe, expect, it } from 'vitest';
import { LOG_LIMITS, redact, redactPath } from './request-log.ts';

describe('redact', () => {
  it('hides passwords, tokens and secrets at any depth and keeps the rest', () => {
    expect(
      redact({ email: 'a@b.c', password: 'x', nested: { oldPassword: 'y', list: [{ token: 't', keep: 1 }] }, confirmation: 'z', Authorization: 'Bearer q' }),
    ).toEqual({ email: 'a@b.c', password: '[redacted]', nested: { oldPassword: '[redacted]', list: [{ token: '[redacted]', keep: 1 }] }, confirmation: '[redacted]', Authorization: '[redacted]' });
  });
});

describe('redact bounds what a record keeps', () => {
  it('cuts long strings, long lists and maps, and deep nesting', () => {
    const kept = redact({ s: 'x'.repeat(5_000), list: Array.from({ length: 500 }, (_, i) => i) }) as { s: string; list: number[] };
    expect(kept.s).toHaveLength(LOG_LIMITS.stringLength + 1);
    expect(kept.list).toHaveLength(LOG_LIMITS.entries);
    let deep: unknown = 'bottom';
    for (let i = 0; i < 50; i++) deep = [deep];
    expect(JSON.stringify(redact(deep))).toBe(`${'['.repeat(LOG_LIMITS.depth)}"…"${']'.repeat(LOG_LIMITS.depth)}`);
  });

  it('renames keys and numbers DynamoDB cannot store', () => {
    const junk = JSON.parse('{"__proto__": {"password": "p"}, "": 1, "big": 1e300, "tiny": 1e-300, "ok": 12.5, "constructor": {"name": "Set"}, "unsafe": 9007199254740992, "safe": -9007199254740991, "e20": 1e20}') as unknown;
    expect(redact(junk)).toEqual({ '(__proto__)': { password: '[redacted]' }, '()': 1, big: '1e+300', tiny: '1e-300', ok: 12.5, '(constructor)': { name: 'Set' }, unsafe: '9007199254740992', safe: -9007199254740991, e20: '100000000000000000000' });
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
