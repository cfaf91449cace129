import { dailyShootingActivity } from '#shared/catalogue/planner.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { plannerBoard } from '../use-cases/planner-board.ts';

export const handler = apiHandler(dailyShootingActivity, async ({ date }) => plannerBoard(date));
