import { techLocks } from '#shared/catalogue/planner.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { dayLocks } from '../storage/day-locks.ts';

export const handler = apiHandler(techLocks, async ({ date }) => ({ locks: await dayLocks(date) }));
