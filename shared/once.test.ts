import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProviderBroker } from '#shared/entities/provider.ts';

/**
 * The modules that sort or format with `Intl` build those objects at first use (./once.ts), not as
 * they load: a French collator is ~9 ms of a Lambda's cold start, a time-zone formatter ~5 ms.
 */
const built = { Collator: 0, DateTimeFormat: 0 };
const { Collator, DateTimeFormat } = Intl;

afterEach(() => {
  vi.restoreAllMocks();
});

function countIntl(): void {
  vi.spyOn(Intl, 'Collator').mockImplementation(function (...args: ConstructorParameters<typeof Collator>) {
    built.Collator++;
    return new Collator(...args);
  } as unknown as typeof Collator);
  vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (...args: ConstructorParameters<typeof DateTimeFormat>) {
    built.DateTimeFormat++;
    return new DateTimeFormat(...args);
  } as unknown as typeof DateTimeFormat);
}

const broker = (code: string, lastname: string): ProviderBroker => ({ code, lastname, firstname: 'A', city: 'Laval' }) as ProviderBroker;

describe('Intl objects are built at first use', () => {
  it('loading the sorting and date modules builds none; the first sort builds one collator, kept for the next', async () => {
    countIntl();
    const { compareBrokers } = await import('../functions/use-cases/provider-order.ts');
    await import('../functions/use-cases/hmd-views.ts');
    const { localDateOf } = await import('./rules/business-time.ts');
    expect(built).toEqual({ Collator: 0, DateTimeFormat: 0 });
    expect([broker('2', 'Émond'), broker('1', 'eaton')].sort((a, b) => compareBrokers(a, b, 'name')).map((b) => b.lastname)).toEqual(['eaton', 'Émond']);
    expect(compareBrokers(broker('1', 'Côté'), broker('2', 'cote'), 'name')).toBeLessThan(0);
    expect(built.Collator).toBe(1);
    expect(localDateOf(Date.UTC(2026, 11, 1, 4))).toBe('2026-11-30');
    expect(built.DateTimeFormat).toBeGreaterThan(0);
  });
});
