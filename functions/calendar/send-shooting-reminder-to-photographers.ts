import { sendShootingReminderToPhotographers } from '#shared/catalogue/calendar.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { remindTechnicians } from '../use-cases/tech-reminders.ts';

export const handler = apiHandler(sendShootingReminderToPhotographers, async ({ date }, { event, log }) => ({ date, ...(await remindTechnicians(date, { event, log })) }));
