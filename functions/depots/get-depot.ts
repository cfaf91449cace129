import { DEPOT_MESSAGES, getDepot as getDepotOp } from '#shared/catalogue/depots.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { notFound } from '../plumbing/errors.ts';
import { getDepot, depotView } from '../storage/depots.ts';

/** One depot and its version, for the edit form. */
export const handler = apiHandler(getDepotOp, async ({ id }) => {
  const depot = await getDepot(id);
  if (!depot) throw notFound(DEPOT_MESSAGES.notFound);
  return { depot: depotView(depot) };
});
