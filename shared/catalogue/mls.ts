import * as z from '../zod.ts';
import { ADMIN_ROLES, Role, type RoleId } from '../roles.ts';
import { defineOperation } from './operation.ts';
import { MLS_DIGITS_MESSAGE, MLS_PATTERN } from '../rules/mls-number.ts';
import { schema } from '#shared/schema.ts';

/**
 * MLS (part 3 screens 6 and 7, §7 "listings without MLS", "set MLS", "auto-MLS match"): the
 * listings of the last six months without an MLS number, setting one, and the automatic matching
 * of our listings with the provider's (docs/decisions/0221). Roles of /ListingMlsMatch (§2):
 * 1, 2, 4, 5, 8; the rest of the provider reports are administrators' only (provider.ts).
 */
export const MLS_ROLES: readonly RoleId[] = [...ADMIN_ROLES, Role.tech_capture, Role.tech_postprod, Role.tech_postprod_lead];

/** Screen 6 and 9: how far back the MLS screens look. */
export const MLS_LOOKBACK_MONTHS = 6;
export const MLS_PAGE_SIZES = [10, 25, 50, 100] as const;

export const MLS_MESSAGES = {
  required: 'Enter the MLS number.',
  digits: MLS_DIGITS_MESSAGE,
  notFound: 'No listing has this id.',
  changedMeanwhile: "This listing's MLS number was changed meanwhile; the list has been reloaded.",
} as const;

/** §5 "Saving an MLS requires a non-empty value"; the inputs are numeric (screen 7). */
export const mlsNumber = /* @__PURE__ */ schema(() => z.string(MLS_MESSAGES.required).trim().min(1, MLS_MESSAGES.required).regex(MLS_PATTERN, MLS_MESSAGES.digits));
const listingId = /* @__PURE__ */ schema(() => z.union([z.number(), z.string().regex(/^\d{1,12}$/, 'An id is digits only.').transform(Number)]).pipe(z.number().int().positive()));

const ourListing = /* @__PURE__ */ schema(() => z.object({
  id: z.number().int(),
  address: z.string(),
  app: z.string(),
  city: z.string(),
  postalcode: z.string(),
  mls: z.string().nullable(),
  picture_url: z.string().nullable(),
  broker: z.object({ id: z.number().int(), firstname: z.string(), lastname: z.string() }),
  updated_at: z.string(),
}));

export const providerRecord = /* @__PURE__ */ schema(() => z.object({
  mls: z.string(),
  civic_number_start: z.string(),
  street: z.string(),
  appartement: z.string(),
  municipality: z.string(),
  postalcode: z.string(),
  url_description: z.string(),
  listing_date: z.string(),
  brokers: z.array(z.string().nullable()),
}));

export const getListingsWithoutMls = /* @__PURE__ */ defineOperation(() => ({
  id: 'getListingsWithoutMls',
  area: 'mls',
  method: 'GET',
  path: '/api/mls/listings-without-mls',
  access: MLS_ROLES,
  summary: 'Our listings of the last six months that have no MLS number, most recently updated first (screen 6; the screen pages them by 10, 25, 50 or 100).',
  input: z.object({}),
  output: z.object({ listings: z.array(ourListing) }),
  resources: ['table'],
  writes: [],
}));

export const setMls = /* @__PURE__ */ defineOperation(() => ({
  id: 'setMls',
  area: 'mls',
  method: 'POST',
  path: '/api/mls/set',
  access: MLS_ROLES,
  summary:
    "Sets a listing's MLS number (Save MLS); 404 when the listing does not exist. With `shown` (the listing's MLS as the screen showed it, null for none), 409 when it has changed since, instead of writing over another user's number.",
  input: z.object({ listingId, mls: mlsNumber, shown: z.string().trim().max(40).nullable().optional() }),
  output: z.object({ listingId: z.number().int(), mls: z.string() }),
  resources: ['table'],
}));

export const MATCH_TABS = ['associated', 'unassociated', 'mlsNull'] as const;

export const getMlsMatches = /* @__PURE__ */ defineOperation(() => ({
  id: 'getMlsMatches',
  area: 'mls',
  method: 'GET',
  path: '/api/mls/matches',
  access: MLS_ROLES,
  summary:
    "The automatic matching of our listings of the last six months with the provider's current listings (civic number, street, unit, municipality; ADR 0221): each listing with its outcome (matched, ambiguous, unmatched), the provider record or the candidates, and its tab: 'associated' (our MLS is the matched record's), 'unassociated' (our MLS differs or no single match), 'mlsNull' (we have no MLS).",
  input: z.object({}),
  output: z.object({
    imported_at: z.string().nullable(),
    counts: z.object({ matched: z.number().int(), ambiguous: z.number().int(), unmatched: z.number().int() }),
    items: z.array(
      z.object({
        listing: ourListing,
        outcome: z.enum(['matched', 'ambiguous', 'unmatched']),
        tab: z.enum(MATCH_TABS),
        provider: providerRecord.nullable(),
        candidates: z.array(providerRecord),
      }),
    ),
  }),
  resources: ['table'],
  writes: [],
}));
