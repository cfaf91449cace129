import { getProviderBrokerReport, PROVIDER_PAGE_SIZE } from '#shared/catalogue/provider.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { providerState } from '../storage/provider-records.ts';
import { brokerPage } from '../use-cases/provider-reports.ts';

/** One page of the Courtiers tab, sorted on the server (orders computed at import: ADR 0220). */
export const handler = apiHandler(getProviderBrokerReport, async ({ offset, ...scope }) => {
  const state = await providerState();
  if (!state) return { data: [], offset: null, total: 0 };
  const { data, total } = await brokerPage(state, scope, offset, PROVIDER_PAGE_SIZE);
  const next = offset + data.length;
  return { data, offset: next < total ? next : null, total };
});
