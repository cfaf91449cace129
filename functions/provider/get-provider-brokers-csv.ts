import { CENTRIS_CSV_NAME, getProviderBrokersCsv } from '#shared/catalogue/provider.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { providerState } from '../storage/provider-records.ts';
import { brokerPage, centrisCsv } from '../use-cases/provider-reports.ts';

/** centris.csv: every broker of the Courtiers tab's scope, in its order (ADR 0222). */
export const handler = apiHandler(getProviderBrokersCsv, async (scope) => {
  const state = await providerState();
  const { data } = state ? await brokerPage(state, scope, 0, Number.MAX_SAFE_INTEGER) : { data: [] };
  return { filename: CENTRIS_CSV_NAME, csv: centrisCsv(data) };
});
