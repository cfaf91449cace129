import * as z from '../zod.ts';
import { ADMIN_ROLES, LISTING_EDITORS, LISTING_READERS } from '../roles.ts';
import { isCalendarDate } from '../rules/business-time.ts';
import { parseListingSearch, SEARCH_MAX_LENGTH } from '../rules/listing-search.ts';
import { calendarDate } from './dates.ts';
import { defineOperation } from './operation.ts';
import { LISTING_STATE_NAMES } from '../enums.ts';
import { MLS_DIGITS_MESSAGE, MLS_PATTERN } from '../rules/mls-number.ts';
import { schema } from '#shared/schema.ts';

/**
 * Listings (part 3 §2 screens 1 'Listing admin dialog', 2 'Listing search', 3 'Virtual-visit
 * report'; §5; §7 'listing search', 'listings for map', 'get / update listing', 'listing shootings',
 * 'virtual-visit stats', 'purge listing cache'): search with its commands, the map of delivered
 * listings, the dialog's read and version-checked save, its cache purge, and anonymous visit
 * statistics recorded by the public pages (docs/decisions/0200-listing-search-tokens.md,
 * 0201-visit-statistics.md, 0202-listing-dialog.md, 0550-purge-listing-cache.md).
 */

export const LISTING_MESSAGES = {
  changedMeanwhile: 'This listing was changed by someone else meanwhile; reload it and try again.',
  notFound: 'No listing has this id.',
  soldMls: 'A sold listing needs its MLS number.',
  soldDate: 'A sold listing needs a valid sold date.',
  notarizedDate: 'A sold listing needs a valid notary date.',
  street: 'Enter the street.',
  city: 'Enter the city.',
  addressNotFound: 'This address cannot be located: check the civic number, street, city and postal code.',
  text: 'At most 200 characters.',
  range: 'The start date must be on or before the end date, at most 366 days apart.',
  views: 'Views cannot exceed the photos shown.',
  noData: "L'intervalle de dates choisies ne retournent aucun résultat.",
  tourNotPublic: 'This virtual tour does not exist or is not public.',
} as const;

/** Search answers at most this many rows (the first by id, newest first); `count` is always the full total. */
export const SEARCH_PAGE = 100;
export const SEARCH_PAGE_ALL = 1000;
/** Part 3 §9: the top 20 listings of the visit report; ranges up to a year. */
export const VISIT_REPORT_TOP = 20;
export const VISIT_RANGE_MAX_DAYS = 366;
/** The recurring-visits table (screen 1): visitors who came 1, 2, 3, 4, then '5 and more' times. */
/** Visit reports per caller address: a page reports every few seconds while viewed, an office shares one address. */
export const VISIT_LIMIT = { limit: 120, windowSeconds: 60 } as const;
export const RECURRING_KEYS = ['1', '2', '3', '4', '5+'] as const;
/** Virtual-tour reads per caller address: one per page load, a little room for an office behind one address. */
export const TOUR_LIMIT = { limit: 60, windowSeconds: 60 } as const;

const id = /* @__PURE__ */ schema(() => z.union([z.number(), z.string().regex(/^\d{1,12}$/, 'An id is digits only.').transform(Number)]).pipe(z.number().int().positive()));
const version = /* @__PURE__ */ schema(() => z.coerce.number().int().positive());
const flag = /* @__PURE__ */ schema(() => z.enum(['true', 'false']).optional().transform((v) => v === 'true'));
const text = (max: number) => z.string(LISTING_MESSAGES.text).trim().max(max, LISTING_MESSAGES.text);

export const searchString = /* @__PURE__ */ schema(() => z
  .string()
  .max(SEARCH_MAX_LENGTH, `At most ${SEARCH_MAX_LENGTH} characters.`)
  .default('')
  .superRefine((value, ctx) => {
    const parsed = parseListingSearch(value);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.message });
  }));

/** One row of the search table (screen 2 columns) and of the map. */
export const listingRow = /* @__PURE__ */ schema(() => z.object({
  id: z.number().int(),
  address: z.string(),
  app: z.string(),
  city: z.string(),
  postalcode: z.string(),
  mls: z.string().nullable(),
  broker: z.object({ id: z.number().int(), firstname: z.string(), lastname: z.string() }),
  shootingdate: z.string().nullable(),
  visitor: z.number().int(),
  session: z.number().int(),
  /** Part 3 §9: views / (photos × sessions) × 100, rounded. */
  completed: z.number().int(),
  /** Part 3 §9: avg_time / 60. */
  average_minutes: z.number(),
}));
export type ListingRow = z.infer<typeof listingRow>;

export const searchListings = /* @__PURE__ */ defineOperation(() => ({
  id: 'searchListings',
  area: 'listings',
  method: 'GET',
  path: '/api/listings',
  access: LISTING_READERS,
  summary:
    "Listing search (screen 2): words match the start of the listing's id, address, city, postal code, MLS or broker words (accents and case ignored, every word must match), plus the commands mls:null, du:{date}, au:{date} on the shooting date. A bad command answers 400 on `search`. Answers the first 100 rows by id, newest first (1000 with loadAll) and the request's total.",
  input: z.object({ search: searchString, loadAll: flag }),
  output: z.object({ listings: z.array(listingRow), count: z.number().int() }),
  resources: ['table'],
  writes: [],
}));

/** A listing on the map: [id, lat, lng]. The info window reads the rest (getListing) when its point is clicked. */
export const mapPoint = /* @__PURE__ */ schema(() => z.tuple([z.number().int(), z.number(), z.number()]));
export type MapPoint = z.infer<typeof mapPoint>;

export const getListingsForMap = /* @__PURE__ */ defineOperation(() => ({
  id: 'getListingsForMap',
  area: 'listings',
  method: 'GET',
  path: '/api/listings/map',
  access: LISTING_READERS,
  summary:
    'The listings that have a delivery token, as [id, lat, lng] points (the listing map of screen 2; the info window reads its listing with getListing): about 30 bytes a listing, so the answer stays under Lambda\'s 6 MB past 150,000 listings.',
  input: z.object({}),
  output: z.object({ points: z.array(mapPoint) }),
  resources: ['table'],
  writes: [],
}));

export const listingDetail = /* @__PURE__ */ schema(() => z.object({
  id: z.number().int(),
  version: z.number().int(),
  state: z.number().int(),
  /** The state as the listing screens read it (4 by the setting, docs/decisions/0715). */
  state_name: z.enum(LISTING_STATE_NAMES),
  address: z.string(),
  civic_number: z.string(),
  street: z.string(),
  app: z.string(),
  city: z.string(),
  postalcode: z.string(),
  mls: z.string().nullable(),
  sold: z.boolean(),
  date_sold: z.string().nullable(),
  date_notarized: z.string().nullable(),
  expired: z.boolean(),
  /** Not sold and not expired (`isOnMarket`, docs/decisions/0202). */
  on_market: z.boolean(),
  distribution_token: z.string().nullable(),
  shootingdate: z.string().nullable(),
  broker: z.object({ id: z.number().int(), firstname: z.string(), lastname: z.string(), broker_code: z.string().nullable() }),
  shootings: z.array(
    z.object({
      id: z.number().int(),
      scheduleddate: z.string(),
      am: z.boolean(),
      state: z.number().int(),
      tech_id: z.number().int().nullable(),
      /** The technician's name; null without a technician, empty names for one no longer found. */
      tech: z.object({ id: z.number().int(), firstname: z.string(), lastname: z.string() }).nullable(),
    }),
  ),
}));
export type ListingDetail = z.infer<typeof listingDetail>;

export const getListing = /* @__PURE__ */ defineOperation(() => ({
  id: 'getListing',
  area: 'listings',
  method: 'GET',
  path: '/api/listings/{id}',
  access: LISTING_READERS,
  summary: 'One listing for the admin dialog (screen 1): its fields with their version, the broker (name, id, code) and its shootings; 404 when absent.',
  input: z.object({ id }),
  output: z.object({ listing: listingDetail }),
  resources: ['table'],
  writes: [],
}));

/** A date field of the dialog: empty means none. */
const optionalDate = /* @__PURE__ */ schema(() => z
  .string()
  .trim()
  .max(10)
  .nullable()
  .default(null)
  .transform((v) => (v ? v : null)));

/** What the dialog saves (screen 1 editable fields). Strings are trimmed. */
const listingFieldsObject = /* @__PURE__ */ schema(() => z.object({
    mls: text(40).nullable().default(null).transform((v) => (v ? v : null)).pipe(z.string().regex(MLS_PATTERN, MLS_DIGITS_MESSAGE).nullable()),
    civic_number: text(20).default(''),
    street: text(200).pipe(z.string().min(1, LISTING_MESSAGES.street)),
    app: text(40).default(''),
    city: text(100).pipe(z.string().min(1, LISTING_MESSAGES.city)),
    postalcode: text(10).default(''),
    sold: z.boolean().default(false),
    date_sold: optionalDate,
    date_notarized: optionalDate,
    expired: z.boolean().default(false),
}));

/** Part 3 §5: a sold listing needs a valid notary date, an MLS number and a valid sold date (each field named). */
function checkSold(v: z.output<typeof listingFieldsObject>, ctx: { addIssue: (issue: { code: 'custom'; path: string[]; message: string }) => void }): void {
    const validDate = (d: string | null) => d !== null && isCalendarDate(d);
    // Part 3 §5: a sold listing needs a valid notary date, an MLS number and a valid sold date.
    if (v.sold) {
      if (!validDate(v.date_notarized)) ctx.addIssue({ code: 'custom', path: ['date_notarized'], message: LISTING_MESSAGES.notarizedDate });
      if (!v.mls) ctx.addIssue({ code: 'custom', path: ['mls'], message: LISTING_MESSAGES.soldMls });
      if (!validDate(v.date_sold)) ctx.addIssue({ code: 'custom', path: ['date_sold'], message: LISTING_MESSAGES.soldDate });
    } else {
      if (v.date_sold !== null && !validDate(v.date_sold)) ctx.addIssue({ code: 'custom', path: ['date_sold'], message: LISTING_MESSAGES.soldDate });
      if (v.date_notarized !== null && !validDate(v.date_notarized)) ctx.addIssue({ code: 'custom', path: ['date_notarized'], message: LISTING_MESSAGES.notarizedDate });
    }
}

/** The dialog's form schema (the same rule as the server's). */
export const listingFields = /* @__PURE__ */ schema(() => listingFieldsObject.superRefine(checkSold));
export type ListingFields = z.output<typeof listingFields>;

export const updateListing = /* @__PURE__ */ defineOperation(() => ({
  id: 'updateListing',
  area: 'listings',
  method: 'PUT',
  path: '/api/listings/{id}',
  access: LISTING_EDITORS,
  summary:
    "Saves the dialog (screen 1): MLS, civic number, street, apartment, city, postal code, sold with its dates, expired. A sold listing needs an MLS number, a sold date and a notary date (400 naming those fields). A changed address (civic number, street, city or postal code) is located again: the listing's point moves there, with the points of its shootings still to take (today or later, not started) and their day's legs; 400 on the street when it cannot be located. Written on the version read: 409 when it changed meanwhile.",
  input: listingFieldsObject.extend({ id, version }).superRefine(checkSold),
  output: z.object({ listing: listingDetail }),
  resources: ['table', 'location'],
}));

export const purgeListingCache = /* @__PURE__ */ defineOperation(() => ({
  id: 'purgeListingCache',
  area: 'listings',
  method: 'POST',
  path: '/api/listings/{id}/cache/purge',
  access: LISTING_EDITORS,
  summary:
    "Part 3 §7 'purge listing cache' (docs/decisions/0550): deletes the listing's cached ZIPs of the media bucket (download-all and MLS-ready, rebuilt from the current pictures at the next download) and moves the listing search's index clock, so every container reads its cached search blocks again. Answers how many objects were deleted; originals, thumbnails, renditions and videos stay. Unknown listing: 404.",
  input: z.object({ id }),
  output: z.object({ status: z.literal(200), deleted: z.number().int() }),
  resources: ['table', 'mediaBucket'],
}));

/** A visitor or session id the page makes (random, kept in the browser): 8 to 64 URL-safe characters. */
const visitId = /* @__PURE__ */ schema(() => z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'An id of 8 to 64 letters, digits, - or _.'));

export const recordVisit = /* @__PURE__ */ defineOperation(() => ({
  id: 'recordVisit',
  area: 'listings',
  method: 'POST',
  path: '/api/visits',
  access: 'public',
  summary:
    "Records an anonymous visit of a listing's public page (delivery page, virtual-tour viewer): the visitor and session ids the browser made, the photos shown, how many of them were viewed and the seconds spent, as the session's running totals (a later report of the same session adds only what grew). Limited per address (429).",
  input: z
    .object({
      listing_id: id,
      visitor: visitId,
      session: visitId,
      photos: z.number().int().min(0).max(2000),
      views: z.number().int().min(0).max(2000),
      seconds: z.number().int().min(0).max(24 * 3600),
    })
    .refine((v) => v.views <= v.photos, { path: ['views'], message: LISTING_MESSAGES.views }),
  output: z.object({ recorded: z.boolean() }),
  resources: ['table'],
}));

/** One picture of the virtual tour, at its place in the slideshow. */
export const tourPicture = /* @__PURE__ */ schema(() => z.object({
  id: z.number().int(),
  /** Presigned, cache-busted URLs (docs/decisions/0061): the delivered rendition and its thumbnail. */
  url: z.string(),
  thumbnail_url: z.string(),
}));
export type TourPicture = z.infer<typeof tourPicture>;

export const getVirtualTour = /* @__PURE__ */ defineOperation(() => ({
  id: 'getVirtualTour',
  area: 'listings',
  method: 'GET',
  path: '/api/tours/{listing_id}',
  access: 'public',
  summary:
    "The public virtual-tour viewer (/visit/{listing_id}): the address and the slideshow of a listing whose tour is published (vr_ready, state 3): its public pictures that have a thumbnail, in the display order, only those in the slideshow when staff chose some; the broker's name unless `unbranded` (MLS rules). Unknown or unpublished listing: 404. Limited per address (429).",
  input: z.object({ listing_id: id, unbranded: flag }),
  output: z.object({
    listing: z.object({
      id: z.number().int(),
      address: z.string(),
      app: z.string(),
      city: z.string(),
      postalcode: z.string(),
      /** Null when the unbranded tour is asked. */
      broker: z.object({ firstname: z.string(), lastname: z.string() }).nullable(),
      pictures: z.array(tourPicture),
    }),
  }),
  resources: ['table', 'mediaBucket'],
  writes: ['table'],
}));

const rangeShape = { from: calendarDate, to: calendarDate };
const rangeRule: [(r: { from: string; to: string }) => boolean, { path: string[]; message: string }] = [
  (r) => r.from <= r.to && Date.parse(r.to) - Date.parse(r.from) <= VISIT_RANGE_MAX_DAYS * 86_400_000,
  { path: ['to'], message: LISTING_MESSAGES.range },
];
const dateRange = /* @__PURE__ */ schema(() => z.object(rangeShape).refine(...rangeRule));

export const visitDay = /* @__PURE__ */ schema(() => z.object({
  date: z.string(),
  visitor: z.number().int(),
  session: z.number().int(),
  views: z.number().int(),
  photos: z.number().int(),
  seconds: z.number().int(),
}));
export type VisitDay = z.infer<typeof visitDay>;

export const getListingVisitStats = /* @__PURE__ */ defineOperation(() => ({
  id: 'getListingVisitStats',
  area: 'listings',
  method: 'GET',
  path: '/api/listings/{id}/visits',
  access: LISTING_READERS,
  summary:
    "A listing's virtual-visit statistics (screen 1): visitors, visits, views, photos and seconds per day of the range (days without visits left out), the range's totals, and the all-time recurring-visits table (visitors who came 1, 2, 3, 4, 5 and more times).",
  input: z.object({ id, ...rangeShape }).refine(...rangeRule),
  output: z.object({
    days: z.array(visitDay),
    totals: z.object({ visitor: z.number().int(), session: z.number().int(), completed: z.number().int(), average_minutes: z.number() }),
    recurring: z.array(z.object({ key: z.enum(RECURRING_KEYS), visitors: z.number().int() })),
  }),
  resources: ['table'],
  writes: [],
}));

export const getVisitReport = /* @__PURE__ */ defineOperation(() => ({
  id: 'getVisitReport',
  area: 'listings',
  method: 'GET',
  path: '/api/visits/report',
  access: ADMIN_ROLES,
  summary:
    'The virtual-visit report (screen 3): visitors and visits per date of the range, and the completed-visit % of the top 20 listings by unique visitors (per-day visitors summed over the range).',
  input: dateRange,
  output: z.object({
    days: z.array(z.object({ date: z.string(), visitor: z.number().int(), session: z.number().int() })),
    top: z.array(z.object({ listing_id: z.number().int(), address: z.string(), visitor: z.number().int(), session: z.number().int(), completed: z.number().int() })),
  }),
  resources: ['table'],
  writes: [],
}));
