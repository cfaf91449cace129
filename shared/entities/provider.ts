import * as z from '../zod.ts';
import { MLS_DIGITS_MESSAGE, MLS_PATTERN } from '../rules/mls-number.ts';
import { schema } from '#shared/schema.ts';

/**
 * The listing-data provider's records (Centris in Quebec; part 3 §3 "Provider broker", "Provider
 * listing", "Banner", "Franchise"), as they arrive in a provider file: JSON Lines, one record per
 * line with its `type` (README "Provider data", docs/decisions/0220).
 */
const text = (max: number) => z.string().trim().max(max);
const optional = (max: number) => text(max).default('');
const code = /* @__PURE__ */ schema(() => z.string().trim().regex(/^[A-Za-z0-9_-]{1,20}$/, 'A code is 1 to 20 letters, digits, - or _.'));

export const providerBannerRow = /* @__PURE__ */ schema(() => z.object({ type: z.literal('banner'), code, french_name: text(120).min(1) }).strict());
export const providerFranchiseRow = /* @__PURE__ */ schema(() => z.object({ type: z.literal('franchise'), code, legal_name: text(200).min(1), banner_code: code }).strict());
export const providerBrokerRow = /* @__PURE__ */ schema(() => z.object({
  type: z.literal('broker'),
  code,
  firstname: text(80).min(1),
  lastname: text(80).min(1),
  main_phone: optional(40),
  email: optional(200),
  fax: optional(40),
  language: z.enum(['F', 'A', 'FA']).default('F'),
  societe: optional(200),
  societe_description_fr: optional(2000),
  website: optional(300),
  franchise_code: code,
  city: optional(120),
  suspended: z.boolean().default(false),
}).strict());
export const providerListingRow = /* @__PURE__ */ schema(() => z.object({
  type: z.literal('listing'),
  mls: z.string().regex(MLS_PATTERN, MLS_DIGITS_MESSAGE),
  civic_number_start: text(20).min(1),
  street: text(200).min(1),
  appartement: optional(20),
  municipality: text(120).min(1),
  postalcode: optional(10),
  url_description: z.string().trim().max(500).regex(/^(https?:\/\/\S+)?$/, 'A link starts with http:// or https://.').default(''),
  listing_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date is YYYY-MM-DD.'),
  main_broker: code,
  second_broker: code.nullable().default(null),
  third_broker: code.nullable().default(null),
  fourth_broker: code.nullable().default(null),
}).strict());

/** The schema of each record type (the import picks it by the line's `type`). */
export const PROVIDER_ROW_SCHEMAS = { banner: providerBannerRow, franchise: providerFranchiseRow, broker: providerBrokerRow, listing: providerListingRow } as const;
export type ProviderRowType = keyof typeof PROVIDER_ROW_SCHEMAS;
export type ProviderBannerRow = z.output<typeof providerBannerRow>;
export type ProviderFranchiseRow = z.output<typeof providerFranchiseRow>;
export type ProviderBrokerRow = z.output<typeof providerBrokerRow>;
export type ProviderListingRow = z.output<typeof providerListingRow>;

/** Client status of a provider broker (part 3 §3 hausBroker): 1 yes, 2 maybe, 3 no; the row colour follows it. */
export const HausBroker = { yes: 1, maybe: 2, no: 3 } as const;

/** A provider broker as the report shows it: the file's fields, its franchise and banner, and the figures computed at import. */
export const providerBroker = /* @__PURE__ */ schema(() => z.object({
  code: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  main_phone: z.string(),
  email: z.string(),
  fax: z.string(),
  language: z.string(),
  societe: z.string(),
  societe_description_fr: z.string(),
  website: z.string(),
  city: z.string(),
  suspended: z.boolean(),
  franchise_code: z.string(),
  franchise: z.string(),
  banner_code: z.string(),
  banner: z.string(),
  /** Listings at the provider naming this broker. */
  count: z.number().int(),
  /** Our listings of the broker (our broker account whose broker code is this one), all time. */
  allListing: z.number().int(),
  /** Of the broker's listings at the provider, those that are ours too (same MLS). */
  marketListing: z.number().int(),
  hausBroker: z.union([z.literal(1), z.literal(2), z.literal(3)]),
}));
export type ProviderBroker = z.infer<typeof providerBroker>;

export const providerListing = /* @__PURE__ */ schema(() => z.object({
  mls: z.string(),
  civic_number_start: z.string(),
  street: z.string(),
  appartement: z.string(),
  municipality: z.string(),
  postalcode: z.string(),
  url_description: z.string(),
  listing_date: z.string(),
  brokers: z.array(z.string().nullable()).length(4),
}));
export type ProviderListing = z.infer<typeof providerListing>;

export const providerBanner = /* @__PURE__ */ schema(() => z.object({ code: z.string(), french_name: z.string(), centrisCount: z.number().int(), hausCount: z.number().int() }));
export const providerFranchise = /* @__PURE__ */ schema(() => z.object({
  code: z.string(),
  legal_name: z.string(),
  banner_code: z.string(),
  banner: z.string(),
  centrisCount: z.number().int(),
  hausCount: z.number().int(),
}));
export type ProviderBanner = z.infer<typeof providerBanner>;
export type ProviderFranchise = z.infer<typeof providerFranchise>;

/** Rows per Courtiers page (screen 9's infinite scroll), also the size of the pages the import stores (docs/decisions/0480). */
export const PROVIDER_PAGE_SIZE = 50;

/** The provider broker report's sortable columns (screen 9), each served by an order the import computes. */
export const PROVIDER_SORT_COLUMNS = ['code', 'name', 'city', 'count', 'allListing', 'marketListing', 'hausBroker'] as const;
export type ProviderSortColumn = (typeof PROVIDER_SORT_COLUMNS)[number];

/** One provider file import: its object, when, and what it did (refused: the first bad rows with line and reason). */
export const providerImport = /* @__PURE__ */ schema(() => z.object({
  id: z.string(),
  key: z.string(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  status: z.enum(['running', 'imported', 'refused', 'failed']),
  rows: z.number().int(),
  errors: z.array(z.object({ line: z.number().int(), reason: z.string() })),
  counts: z.object({ banners: z.number().int(), franchises: z.number().int(), brokers: z.number().int(), listings: z.number().int() }).nullable(),
}));
export type ProviderImport = z.infer<typeof providerImport>;
