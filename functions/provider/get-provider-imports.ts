import { getProviderImports } from '#shared/catalogue/provider.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { latestImports } from '../storage/provider-imports.ts';
import { providerState } from '../storage/provider-records.ts';

/** The latest provider file imports and the date of the data in use. */
export const handler = apiHandler(getProviderImports, async () => {
  const [state, imports] = await Promise.all([providerState(), latestImports(20)]);
  return { imported_at: state?.imported_at ?? null, imports };
});
