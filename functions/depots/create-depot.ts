import { createDepot as createDepotOp } from '#shared/catalogue/depots.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { createDepot, depotView } from '../storage/depots.ts';

/** Creates a depot; answers it with its id (part 2 §7 "POST depot"). */
export const handler = apiHandler(createDepotOp, async (fields, { log }) => {
  const depot = await createDepot(fields);
  log('depot created', { id: depot.id });
  return { depot: depotView(depot) };
});
