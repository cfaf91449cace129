import { getProviderFilters } from '#shared/catalogue/provider.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { banners, franchises, providerState } from '../storage/provider-records.ts';

/** Banners and franchises of the current provider data, with their totals (filters and Franchises tab). */
export const handler = apiHandler(getProviderFilters, async () => {
  const state = await providerState();
  if (!state) return { imported_at: null, banners: [], franchises: [] };
  const [b, f] = await Promise.all([banners(state.generation), franchises(state.generation)]);
  return { imported_at: state.imported_at, banners: b, franchises: f.map(({ brokers: _brokers, ...franchise }) => franchise) };
});
