import { updateDepot as updateDepotOp } from '#shared/catalogue/depots.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { updateDepot, depotView } from '../storage/depots.ts';

/** Modifies a depot from the version the form read (part 2 §7 "PUT depot"); 409 when it changed meanwhile. */
export const handler = apiHandler(updateDepotOp, async ({ id, version, ...fields }, { log }) => {
  const depot = await updateDepot(id, version, fields);
  log('depot modified', { id, version: depot.version });
  return { depot: depotView(depot) };
});
