import { getPlannerMap } from '#shared/catalogue/planner.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { plannerMap } from '../use-cases/planner-map.ts';

export const handler = apiHandler(getPlannerMap, ({ date }) => plannerMap(date));
