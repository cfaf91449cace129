import { describe, expect, it } from 'vitest';
import { localToday } from './format.ts';

describe('injector formats', () => {
  it('gives the local date', () => {
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
