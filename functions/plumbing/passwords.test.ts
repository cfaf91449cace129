import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.ts';

/** Four scrypt runs of 128 MiB each: seconds on a busy 2-core machine, so not the default 5 s. */
const SCRYPT_TEST_TIMEOUT_MS = 60_000;

describe('passwords', () => {
  it('hashes with scrypt at OWASP parameters (N=2^17, r=8, p=1) and a random salt', async () => {
    const [a, b] = await Promise.all([hashPassword('correct horse'), hashPassword('correct horse')]);
    expect(a.split('$').slice(0, 4)).toEqual(['scrypt', '131072', '8', '1']);
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse', a)).toBe(true);
    expect(await verifyPassword('correct horsf', a)).toBe(false);
    expect(await verifyPassword('x', 'garbage')).toBe(false);
  }, SCRYPT_TEST_TIMEOUT_MS);
});
