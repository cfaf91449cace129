import { shootingFromTech } from '#shared/catalogue/schedule.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { captureReport, scheduleSubject } from '../use-cases/schedule.ts';

/** The capture report of the caller (or, for administrators, of a named technician, suspended ones too) over a period. */
export const handler = apiHandler(shootingFromTech, async ({ tech_id, start_date, end_date }, { user }) => {
  const tech = await scheduleSubject(user, tech_id, true);
  return { tech, start_date, end_date, ...(await captureReport(tech.id, start_date, end_date)) };
});
