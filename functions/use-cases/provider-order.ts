import type { ProviderBroker, ProviderSortColumn } from '#shared/entities/provider.ts';
import { once } from '#shared/once.ts';

/*
 * Apart from provider-import.ts, so that the report's readers sort without loading the import's
 * S3 client (ADR 0410).
 */
const collator = once(() => new Intl.Collator('fr-CA', { sensitivity: 'base', numeric: true }));

/** The report's ascending order of one column; ties by code, so every order is total. */
export function compareBrokers(a: ProviderBroker, b: ProviderBroker, column: ProviderSortColumn): number {
  const by = (() => {
    switch (column) {
      case 'code':
        return 0;
      case 'name':
        return collator().compare(`${a.lastname} ${a.firstname}`, `${b.lastname} ${b.firstname}`);
      case 'city':
        return collator().compare(a.city, b.city);
      default:
        return a[column] - b[column];
    }
  })();
  return by || collator().compare(a.code, b.code);
}

