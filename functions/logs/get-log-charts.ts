import { getLogCharts } from '#shared/catalogue/logs.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { dayCounters } from '../storage/request-logs.ts';
import { chartRange } from '../use-cases/log-search.ts';

/** /SuperAnalytics: requests and distinct users per Quebec day, from the day counters (no log is read). */
export const handler = apiHandler(getLogCharts, async ({ search }) => {
  const { from, to } = chartRange(search);
  const counters = await dayCounters(from, to);
  return {
    from,
    to,
    data: {
      requests: counters.map((c) => ({ mydate: c.day, count: c.requests })),
      users: counters.map((c) => ({ mydate: c.day, count: c.users })),
    },
  };
});
