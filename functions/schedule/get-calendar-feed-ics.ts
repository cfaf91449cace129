import { getCalendarFeedIcs } from '#shared/catalogue/schedule.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { scheduleFeed } from '../use-cases/schedule-feed.ts';

export const handler = apiHandler(getCalendarFeedIcs, ({ token, lang }) => scheduleFeed(token, lang));
