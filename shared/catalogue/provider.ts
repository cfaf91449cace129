import * as z from '../zod.ts';
import { ADMIN_ROLES } from '../roles.ts';
import { PROVIDER_PAGE_SIZE, PROVIDER_SORT_COLUMNS, providerBanner, providerBroker, providerFranchise, providerImport } from '../entities/provider.ts';
import { defineOperation } from './operation.ts';
import { providerRecord } from './mls.ts';
import { schema } from '#shared/schema.ts';

/**
 * The listing-data provider reports (part 3 screens 8 and 9, §7 "provider banner and franchise
 * lists", "provider broker report", "provider broker", "provider listings for broker",
 * "bad-listing audit"), administrators only (§2). Data: docs/decisions/0220; CSV: 0222.
 */
export { PROVIDER_PAGE_SIZE };
export const CENTRIS_CSV_NAME = 'centris.csv';

const code = /* @__PURE__ */ schema(() => z.string().regex(/^[A-Za-z0-9_-]{1,20}$/, 'A code is 1 to 20 letters, digits, - or _.'));
const scope = {
  banner: code.optional(),
  franchise: code.optional(),
  sortColumn: z.enum(PROVIDER_SORT_COLUMNS).default('count'),
  sortDir: z.enum(['asc', 'desc']).default('desc'),
};

export const getProviderFilters = /* @__PURE__ */ defineOperation(() => ({
  id: 'getProviderFilters',
  area: 'provider',
  method: 'GET',
  path: '/api/provider/filters',
  access: ADMIN_ROLES,
  summary: 'Banners and franchises of the current provider data with their totals (provider listings, ours), and when it was imported (null before the first import).',
  input: z.object({}),
  output: z.object({ imported_at: z.string().nullable(), banners: z.array(providerBanner), franchises: z.array(providerFranchise) }),
  resources: ['table'],
  writes: [],
}));

export const getProviderBrokerReport = /* @__PURE__ */ defineOperation(() => ({
  id: 'getProviderBrokerReport',
  area: 'provider',
  method: 'GET',
  path: '/api/provider/brokers',
  access: ADMIN_ROLES,
  summary:
    'One page of the Courtiers tab: the brokers of a banner or a franchise (or all), sorted on the server by a column, from `offset`; answers the next offset (null at the end) and the total.',
  input: z.object({ ...scope, offset: z.coerce.number().int().min(0).max(1_000_000).default(0) }),
  output: z.object({ data: z.array(providerBroker), offset: z.number().int().nullable(), total: z.number().int() }),
  resources: ['table'],
  writes: [],
}));

export const getProviderBrokersCsv = /* @__PURE__ */ defineOperation(() => ({
  id: 'getProviderBrokersCsv',
  area: 'provider',
  method: 'GET',
  path: '/api/provider/brokers-csv',
  access: ADMIN_ROLES,
  summary: "The Courtiers tab's brokers (same scope and order) as centris.csv: fixed columns, UTF-8 with a byte-order mark, ';' separated, quoted where needed (ADR 0222).",
  input: z.object(scope),
  output: z.object({ filename: z.string(), csv: z.string() }),
  resources: ['table'],
  writes: [],
}));

export const providerListingView = /* @__PURE__ */ schema(() => providerRecord.extend({ brokerNames: z.array(z.string().nullable()) }));

export const getProviderBroker = /* @__PURE__ */ defineOperation(() => ({
  id: 'getProviderBroker',
  area: 'provider',
  method: 'GET',
  path: '/api/provider/brokers/{code}',
  access: ADMIN_ROLES,
  summary: "One provider broker (/centris/broker/{code}) with the provider's listings naming them and the names of their other brokers; 404 when the current data has no such broker.",
  input: z.object({ code }),
  output: z.object({ broker: providerBroker, listings: z.array(providerListingView) }),
  resources: ['table'],
  writes: [],
}));

export const getProviderImports = /* @__PURE__ */ defineOperation(() => ({
  id: 'getProviderImports',
  area: 'provider',
  method: 'GET',
  path: '/api/provider/imports',
  access: ADMIN_ROLES,
  summary: 'The latest provider file imports, newest first (status, rows, refused rows with line and reason), and the date of the last import in use.',
  input: z.object({}),
  output: z.object({ imported_at: z.string().nullable(), imports: z.array(providerImport) }),
  resources: ['table'],
  writes: [],
}));

const missing = /* @__PURE__ */ schema(() => z.string().nullable());

export const getBadListings = /* @__PURE__ */ defineOperation(() => ({
  id: 'getBadListings',
  area: 'provider',
  method: 'GET',
  path: '/api/provider/bad-listings',
  access: ADMIN_ROLES,
  summary:
    "The bad-listing audit (screen 8): our listings with an MLS number that the provider does not list, lists at another address, or lists without our broker among its four brokers; a value we lack is null ('NO DATA'), a provider record missing is null ('MISSING').",
  input: z.object({}),
  output: z.object({
    imported_at: z.string().nullable(),
    rows: z.array(
      z.object({
        listing_id: z.number().int(),
        listing_mls: z.string(),
        broker_id: z.number().int(),
        broker_name: z.string(),
        broker_code: missing,
        address: z.string(),
        provider_mls: missing,
        provider_address: missing,
        provider_brokers: z.array(z.string().nullable()),
        problems: z.array(z.enum(['missing', 'address', 'broker', 'no_broker_code'])),
      }),
    ),
  }),
  resources: ['table'],
  writes: [],
}));
