import { getDashboard } from '#shared/catalogue/dashboard.ts';
import { localDateOf } from '#shared/rules/business-time.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { dashboardOf } from '../use-cases/dashboard.ts';

/** The caller's morning dashboard: the panels of their role for a day (default the business's today). */
export const handler = apiHandler(getDashboard, async ({ date }, { user }) => {
  const day = date ?? localDateOf(Date.now());
  return { date: day, panels: await dashboardOf(user, day) };
});
