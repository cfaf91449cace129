import { revokeCalendarFeed } from '#shared/catalogue/schedule.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { revokeFeed } from '../storage/calendar-feeds.ts';

export const handler = apiHandler(revokeCalendarFeed, async ({ created_at }, { user }) => ({ revoked: await revokeFeed(user.id, created_at) }));
