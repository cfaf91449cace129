import { getRouteFigures } from '#shared/catalogue/planner.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { dayFigures } from '../use-cases/route-figures.ts';

export const handler = apiHandler(getRouteFigures, async ({ date }) => {
  const { legs: _legs, ...figures } = await dayFigures(date);
  return figures;
});
