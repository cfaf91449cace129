import { exportPlanningDay } from '#shared/catalogue/planner.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { dayAsVroom } from '../use-cases/planner-map.ts';

export const handler = apiHandler(exportPlanningDay, ({ date }) => dayAsVroom(date));
