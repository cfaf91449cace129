import { getProviderBroker } from '#shared/catalogue/provider.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { notFound } from '../plumbing/errors.ts';
import { broker, brokersByCode, listingsByMls, providerState } from '../storage/provider-records.ts';
import { providerView, reportRow } from '../use-cases/provider-reports.ts';

/** /centris/broker/{code}: the broker, their listings at the provider and the names of the other brokers named. */
export const handler = apiHandler(getProviderBroker, async ({ code }) => {
  const state = await providerState();
  const found = state ? await broker(state.generation, code) : undefined;
  if (!state || !found) throw notFound('The provider data has no broker with this code.');
  const listings = await listingsByMls(state.generation, found.listings);
  const others = await brokersByCode(state.generation, [...new Set(listings.flatMap((l) => l.brokers.filter((c): c is string => !!c)))]);
  const names = new Map(others.map((b) => [b.code, `${b.firstname} ${b.lastname}`]));
  return {
    broker: reportRow(found),
    listings: listings
      .map((l) => ({ ...providerView(l), brokerNames: l.brokers.map((c) => (c ? (names.get(c) ?? null) : null)) }))
      .sort((a, b) => a.mls.localeCompare(b.mls)),
  };
});
