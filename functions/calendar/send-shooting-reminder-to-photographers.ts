import { CALENDAR_MESSAGES, sendShootingReminderToPhotographers } from '#shared/catalogue/calendar.ts';
import { localDateOf } from '#shared/rules/business-time.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { unprocessable } from '../plumbing/errors.ts';
import { remindTechnicians } from '../use-cases/tech-reminders.ts';

export const handler = apiHandler(sendShootingReminderToPhotographers, async ({ date }, { event, log }) => {
  if (date < localDateOf(Date.now())) throw unprocessable(CALENDAR_MESSAGES.reminderPast);
  return { date, ...(await remindTechnicians(date, { event, log })) };
});
