import { removeDepot } from '#shared/catalogue/depots.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { deleteDepot } from '../storage/depots.ts';

/** Deletes a depot no user names (part 2 §7 "POST removeDepot", §8: 409 while still assigned). */
export const handler = apiHandler(removeDepot, async ({ id, version }, { log }) => {
  await deleteDepot(id, version);
  log('depot removed', { id });
  return { status: 200 as const, id };
});
