import { getVisitReport, VISIT_REPORT_TOP } from '#shared/catalogue/listings.ts';
import { completedPercent } from '#shared/rules/listing-search.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { listingFieldsById } from '../storage/listings.ts';
import { allVisitDays, visitsPerListing } from '../storage/visits.ts';

/**
 * The virtual-visit report (part 3 screen 3): visitors per date, and the completed-visit % of the
 * top 20 listings by unique visitors (per-day unique visitors summed over the range: whole months
 * from the listings' month items, the edge days from their day items, ADR 0695).
 */
export const handler = apiHandler(getVisitReport, async ({ from, to }) => {
  const [days, perListing] = await Promise.all([allVisitDays(from, to), visitsPerListing(from, to)]);
  const top = [...perListing.entries()].sort((a, b) => b[1].visitor - a[1].visitor || a[0] - b[0]).slice(0, VISIT_REPORT_TOP);
  const listings = await listingFieldsById(top.map(([id]) => id), ['address']);
  return {
    days: days.map((d) => ({ date: d.date, visitor: d.visitor, session: d.session })),
    top: top.map(([id, v]) => ({
      listing_id: id,
      address: String(listings.get(id)?.address ?? ''),
      visitor: v.visitor,
      session: v.session,
      completed: completedPercent(v.views, v.session ? v.photos / v.session : 0, v.session),
    })),
  };
});
