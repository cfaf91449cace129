import { getDepots } from '#shared/catalogue/depots.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { listDepots, depotView } from '../storage/depots.ts';

/** Every depot, by id (part 2 §7 "GET depots"). */
export const handler = apiHandler(getDepots, async () => ({ depots: (await listDepots()).map(depotView) }));
