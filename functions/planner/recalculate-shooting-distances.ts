import { recalculateShootingDistances } from '#shared/catalogue/planner.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { storeLegs } from '../storage/shootings.ts';
import { dayFigures } from '../use-cases/route-figures.ts';

export const handler = apiHandler(recalculateShootingDistances, async ({ date }, { log }) => {
  const { legs, ...figures } = await dayFigures(date);
  const stored = await storeLegs(legs);
  log('recalculated', { date, shootings: legs.length, stored });
  return figures;
});
