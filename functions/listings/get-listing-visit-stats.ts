import { getListingVisitStats, LISTING_MESSAGES } from '#shared/catalogue/listings.ts';
import { averageMinutes, completedPercent } from '#shared/rules/listing-search.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { notFound } from '../plumbing/errors.ts';
import { getListing } from '../storage/listings.ts';
import { recurringVisitsOf, visitDaysOf } from '../storage/visits.ts';

/** A listing's virtual-visit statistics for the dialog (part 3 screen 1): days of the range, totals, recurring visits. */
export const handler = apiHandler(getListingVisitStats, async ({ id, from, to }) => {
  if (!(await getListing(id))) throw notFound(LISTING_MESSAGES.notFound);
  const [days, recurring] = await Promise.all([visitDaysOf(id, from, to), recurringVisitsOf(id)]);
  const sum = days.reduce((s, d) => ({ visitor: s.visitor + d.visitor, session: s.session + d.session, views: s.views + d.views, photos: s.photos + d.photos, seconds: s.seconds + d.seconds }), {
    visitor: 0,
    session: 0,
    views: 0,
    photos: 0,
    seconds: 0,
  });
  return {
    days,
    totals: {
      visitor: sum.visitor,
      session: sum.session,
      completed: completedPercent(sum.views, sum.session ? sum.photos / sum.session : 0, sum.session),
      average_minutes: averageMinutes(sum.seconds, sum.session),
    },
    recurring,
  };
});
