import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import {
  HausBroker,
  PROVIDER_ROW_SCHEMAS,
  PROVIDER_SORT_COLUMNS,
  type ProviderBannerRow,
  type ProviderBroker,
  type ProviderBrokerRow,
  type ProviderFranchiseRow,
  type ProviderImport,
  type ProviderListingRow,
  type ProviderRowType,
} from '#shared/entities/provider.ts';
import { addressKey } from '#shared/rules/quebec-address.ts';
import { Role } from '#shared/roles.ts';
import { s3 } from '../plumbing/s3.ts';
import { compareBrokers } from './provider-order.ts';
import { allListings } from '../storage/listings.ts';
import { usersOfRole } from '../storage/users.ts';
import { recordImport } from '../storage/provider-imports.ts';
import { patiently } from '../plumbing/retry.ts';
import { deleteGeneration, providerState, scopeTotals, switchGeneration, writeGeneration, type ProviderGeneration, type StoredFranchise } from '../storage/provider-records.ts';

/**
 * The provider file import (issue 14 item 1, docs/decisions/0220): a JSON Lines file dropped under
 * PROVIDER_PREFIX of the media bucket is read line by line, every row validated (its type's schema,
 * duplicates, references between rows); one bad row refuses the whole file, with the line and the
 * reason of each bad row (the first MAX_REPORTED). A valid file is written as a new generation and
 * made current in one conditional write, so readers see the previous data or the new, never half.
 */
export const PROVIDER_PREFIX = 'provider-imports/';
export const MAX_REPORTED = 50;
/** A line longer than this is refused (no record needs more). */
const MAX_LINE = 16_384;

export interface ParsedFile {
  banners: ProviderBannerRow[];
  franchises: ProviderFranchiseRow[];
  brokers: ProviderBrokerRow[];
  listings: ProviderListingRow[];
  rows: number;
  errors: { line: number; reason: string }[];
  errorCount: number;
}

/** Reads and validates every line; never throws on bad content (it reports it). */
export async function parseProviderLines(lines: AsyncIterable<string> | Iterable<string>): Promise<ParsedFile> {
  const out: ParsedFile = { banners: [], franchises: [], brokers: [], listings: [], rows: 0, errors: [], errorCount: 0 };
  const fail = (line: number, reason: string) => {
    out.errorCount++;
    if (out.errors.length < MAX_REPORTED) out.errors.push({ line, reason });
  };
  const seen: Record<ProviderRowType, Map<string, number>> = { banner: new Map(), franchise: new Map(), broker: new Map(), listing: new Map() };
  const refs: { line: number; kind: ProviderRowType; code: string; field: string }[] = [];
  let n = 0;
  for await (const raw of lines) {
    n++;
    const text = n === 1 ? raw.replace(/^\uFEFF/, '') : raw;
    if (!text.trim()) continue;
    out.rows++;
    if (text.length > MAX_LINE) {
      fail(n, `the line is longer than ${MAX_LINE} characters`);
      continue;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      fail(n, 'the line is not a JSON object');
      continue;
    }
    const type = (value as { type?: unknown } | null)?.type;
    if (typeof value !== 'object' || value === null || Array.isArray(value) || typeof type !== 'string' || !(type in PROVIDER_ROW_SCHEMAS)) {
      fail(n, `'type' must be one of ${Object.keys(PROVIDER_ROW_SCHEMAS).join(', ')}`);
      continue;
    }
    const kind = type as ProviderRowType;
    const parsed = PROVIDER_ROW_SCHEMAS[kind].safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      fail(n, `${issue.path.join('.') || kind}: ${issue.message}`);
      continue;
    }
    const row = parsed.data;
    const id = row.type === 'listing' ? row.mls : row.code;
    const before = seen[kind].get(id);
    if (before) {
      fail(n, `${kind} ${id} is already on line ${before}`);
      continue;
    }
    seen[kind].set(id, n);
    if (row.type === 'banner') out.banners.push(row);
    else if (row.type === 'franchise') {
      out.franchises.push(row);
      refs.push({ line: n, kind: 'banner', code: row.banner_code, field: 'banner_code' });
    } else if (row.type === 'broker') {
      out.brokers.push(row);
      refs.push({ line: n, kind: 'franchise', code: row.franchise_code, field: 'franchise_code' });
    } else {
      out.listings.push(row);
      for (const field of ['main_broker', 'second_broker', 'third_broker', 'fourth_broker'] as const) {
        const code = row[field];
        if (code) refs.push({ line: n, kind: 'broker', code, field });
      }
    }
  }
  for (const ref of refs) if (!seen[ref.kind].has(ref.code)) fail(ref.line, `${ref.field}: no ${ref.kind} ${ref.code} in this file`);
  out.errors.sort((a, b) => a.line - b.line);
  if (out.rows === 0) fail(0, 'the file holds no record');
  return out;
}

/** Our side of the report: each of our listings' MLS and broker, and our brokers' provider codes. */
async function ourListings(): Promise<{ mls: Set<string>; byBrokerCode: Map<string, number> }> {
  const mls = new Set<string>();
  const perBroker = new Map<number, number>();
  let start: Record<string, unknown> | undefined;
  do {
    const page = await patiently(() => allListings(1000, start));
    for (const l of page.items) {
      if (l.mls) mls.add(l.mls);
      perBroker.set(l.broker_id, (perBroker.get(l.broker_id) ?? 0) + 1);
    }
    start = page.next;
  } while (start);
  const byBrokerCode = new Map<string, number>();
  for (const user of await patiently(() => usersOfRole(Role.broker, 1_000_000))) if (user.broker_code) byBrokerCode.set(user.broker_code, perBroker.get(user.id) ?? 0);
  return { mls, byBrokerCode };
}

/** The generation a valid file becomes: records with the report's figures and its sort orders. */
export function buildGeneration(file: ParsedFile, ours: { mls: Set<string>; byBrokerCode: Map<string, number> }): ProviderGeneration {
  const bannerName = new Map(file.banners.map((b) => [b.code, b.french_name]));
  const franchiseOf = new Map(file.franchises.map((f) => [f.code, f]));
  const count = new Map<string, number>();
  const market = new Map<string, number>();
  const listingsOf = new Map<string, string[]>();
  const listings = file.listings.map((l) => {
    const brokers = [l.main_broker, l.second_broker, l.third_broker, l.fourth_broker];
    for (const code of new Set(brokers.filter((c): c is string => !!c))) {
      count.set(code, (count.get(code) ?? 0) + 1);
      if (ours.mls.has(l.mls)) market.set(code, (market.get(code) ?? 0) + 1);
      const list = listingsOf.get(code) ?? [];
      list.push(l.mls);
      listingsOf.set(code, list);
    }
    const key = addressKey({ civic: l.civic_number_start, street: l.street, unit: l.appartement, municipality: l.municipality });
    return { mls: l.mls, civic_number_start: l.civic_number_start, street: l.street, appartement: l.appartement, municipality: l.municipality, postalcode: l.postalcode, url_description: l.url_description, listing_date: l.listing_date, brokers, key };
  });
  const brokers = file.brokers.map((b) => {
    const franchise = franchiseOf.get(b.franchise_code)!;
    const allListing = ours.byBrokerCode.get(b.code) ?? 0;
    const marketListing = market.get(b.code) ?? 0;
    const hausBroker = marketListing > 0 ? HausBroker.yes : ours.byBrokerCode.has(b.code) ? HausBroker.maybe : HausBroker.no;
    const { type: _type, ...fields } = b;
    return {
      ...fields,
      franchise: franchise.legal_name,
      banner_code: franchise.banner_code,
      banner: bannerName.get(franchise.banner_code) ?? '',
      count: count.get(b.code) ?? 0,
      allListing,
      marketListing,
      hausBroker,
      listings: listingsOf.get(b.code) ?? [],
    } satisfies ProviderBroker & { listings: string[] };
  });
  const franchises = new Map<string, StoredFranchise>(
    file.franchises.map((f) => [f.code, { code: f.code, legal_name: f.legal_name, banner_code: f.banner_code, banner: bannerName.get(f.banner_code) ?? '', centrisCount: 0, hausCount: 0, brokers: [] }]),
  );
  const banners = new Map(file.banners.map((b) => [b.code, { code: b.code, french_name: b.french_name, centrisCount: 0, hausCount: 0 }]));
  for (const b of brokers) {
    const f = franchises.get(b.franchise_code)!;
    f.centrisCount += b.count;
    f.hausCount += b.marketListing;
    f.brokers.push(b.code);
    const banner = banners.get(b.banner_code)!;
    banner.centrisCount += b.count;
    banner.hausCount += b.marketListing;
  }
  const orders: ProviderGeneration['orders'] = [];
  for (const column of PROVIDER_SORT_COLUMNS) {
    const sorted = [...brokers].sort((a, b) => compareBrokers(a, b, column));
    orders.push({ scope: 'ALL', column, codes: sorted.map((b) => b.code) });
    for (const banner of banners.keys()) orders.push({ scope: `B#${banner}`, column, codes: sorted.filter((b) => b.banner_code === banner).map((b) => b.code) });
  }
  return { banners: [...banners.values()], franchises: [...franchises.values()], brokers, listings, orders };
}

async function* objectLines(bucket: string, key: string): AsyncIterable<string> {
  const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  yield* createInterface({ input: object.Body as Readable, crlfDelay: Infinity });
}

/** Imports one dropped object; answers what the import record says. */
export async function importProviderObject(bucket: string, key: string, log: (line: string) => void = () => undefined): Promise<ProviderImport> {
  const started = new Date();
  const run: ProviderImport = { id: randomBytes(6).toString('hex'), key, started_at: started.toISOString(), finished_at: null, status: 'running', rows: 0, errors: [], counts: null };
  await patiently(() => recordImport(run));
  const finish = async (change: Partial<ProviderImport>) => {
    Object.assign(run, change, { finished_at: new Date().toISOString() });
    await patiently(() => recordImport(run));
    return run;
  };
  if (!/\.(jsonl|ndjson)$/i.test(key)) return finish({ status: 'refused', errors: [{ line: 0, reason: 'a provider file is JSON Lines, named *.jsonl' }] });
  const failed = () => finish({ status: 'failed', errors: [{ line: 0, reason: 'the import stopped on a storage error; the previous data is still in use' }] });
  // Reading the file again from its start is harmless: the parse throws only when the read fails.
  const file = await patiently(() => parseProviderLines(objectLines(bucket, key))).catch(async (error: unknown) => {
    await failed();
    throw error;
  });
  run.rows = file.rows;
  if (file.errorCount > 0) {
    const more = file.errorCount > file.errors.length ? [{ line: 0, reason: `${file.errorCount - file.errors.length} more bad rows not listed` }] : [];
    log(`provider file ${key} refused: ${file.errorCount} bad rows`);
    return finish({ status: 'refused', errors: [...file.errors, ...more] });
  }
  const generation = `${started.toISOString().replace(/[-:.]/g, '')}-${run.id}`;
  const previous = await patiently(() => providerState(true));
  const counts = { banners: file.banners.length, franchises: file.franchises.length, brokers: file.brokers.length, listings: file.listings.length };
  let current: boolean;
  try {
    const data = buildGeneration(file, await ourListings());
    await writeGeneration(generation, data);
    current = await switchGeneration({ generation, imported_at: new Date().toISOString(), started_at: run.started_at, key, counts, scopeTotals: scopeTotals(data) });
  } catch (error) {
    await deleteGeneration(generation).catch(() => undefined);
    await failed();
    throw error;
  }
  // Switched: what remains is cleaning up. A failure here must not touch the generation now read
  // (nor call the import failed); the generation no longer read stays behind, unread, as garbage.
  const stale = current ? previous?.generation : generation;
  if (stale) {
    await deleteGeneration(stale).catch((error: unknown) => log(`provider generation ${stale} left behind: ${(error as Error).message}`));
  }
  log(`provider file ${key} imported: ${file.rows} rows in ${((Date.now() - started.getTime()) / 1000).toFixed(1)} s`);
  return finish({ status: 'imported', counts });
}
