import { createCalendarFeed, getCalendarFeedIcs } from '#shared/catalogue/schedule.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { createFeed } from '../storage/calendar-feeds.ts';

export const handler = apiHandler(createCalendarFeed, async ({ replace }, { user }) => {
  const { token, created_at } = await createFeed(user.id, replace);
  return { token, path: getCalendarFeedIcs.path.replace('{token}', token), created_at };
});
