import { describe, expect, it } from 'vitest';
import { redact } from './request-log.ts';

describe('redact', () => {
  it('hides passwords, tokens and secrets at any depth and keeps the rest', () => {
    expect(
      redact({ email: 'a@b.c', password: 'x', nested: { oldPassword: 'y', list: [{ token: 't', keep: 1 }] }, confirmation: 'z', Authorization: 'Bearer q' }),
    ).toEqual({ email: 'a@b.c', password: '[redacted]', nested: { oldPassword: '[redacted]', list: [{ token: '[redacted]', keep: 1 }] }, confirmation: '[redacted]', Authorization: '[redacted]' });
  });
});
