import { getBadListings } from '#shared/catalogue/provider.ts';
import { listingAddressKey, type AddressKey } from '#shared/rules/quebec-address.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { listingsByMls, providerState } from '../storage/provider-records.ts';
import { brokerUsers, recentListings } from '../use-cases/provider-reports.ts';

/**
 * Screen 8: our recent listings with an MLS number that the provider does not list (MISSING),
 * lists at another address, or lists without our broker's code among its four brokers.
 */
export const handler = apiHandler(getBadListings, async () => {
  const state = await providerState();
  if (!state) return { imported_at: null, rows: [] };
  const ours = (await recentListings()).filter((l) => l.mls);
  const [provider, brokers] = await Promise.all([listingsByMls(state.generation, ours.map((l) => l.mls!)), brokerUsers(ours.map((l) => l.broker_id))]);
  const byMls = new Map(provider.map((p) => [p.mls, p]));
  const same = (a: AddressKey, b: AddressKey) => a.civic === b.civic && a.street === b.street && a.unit === b.unit && a.municipality === b.municipality;
  const rows = ours.flatMap((l) => {
    const p = byMls.get(l.mls!);
    const broker = brokers.get(l.broker_id);
    const code = broker?.code ?? null;
    const problems: ('missing' | 'address' | 'broker' | 'no_broker_code')[] = [];
    if (!p) problems.push('missing');
    else {
      if (!same(listingAddressKey(l), p.key)) problems.push('address');
      if (code && !p.brokers.includes(code)) problems.push('broker');
    }
    if (!code) problems.push('no_broker_code');
    if (!problems.length) return [];
    return [
      {
        listing_id: l.id,
        listing_mls: l.mls!,
        broker_id: l.broker_id,
        broker_name: broker?.name ?? `${l.broker.firstname} ${l.broker.lastname}`,
        broker_code: code,
        address: [l.address, l.app, l.city].filter(Boolean).join(', '),
        provider_mls: p?.mls ?? null,
        provider_address: p ? [p.civic_number_start, p.street, p.appartement, p.municipality].filter(Boolean).join(', ').replace(/^(\S+), /, '$1 ') : null,
        provider_brokers: p?.brokers ?? [null, null, null, null],
        problems,
      },
    ];
  });
  return { imported_at: state.imported_at, rows };
});
