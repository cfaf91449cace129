import { getCalendarFeed } from '#shared/catalogue/schedule.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { feedState } from '../storage/calendar-feeds.ts';

export const handler = apiHandler(getCalendarFeed, (_input, { user }) => feedState(user.id));
