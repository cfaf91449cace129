import { stringify } from 'csv-stringify/sync';
import type { ProviderBroker, ProviderSortColumn } from '#shared/entities/provider.ts';
import { MLS_LOOKBACK_MONTHS } from '#shared/catalogue/mls.ts';
import { listingAddressKey, pickMatch, type MatchOutcome } from '#shared/rules/quebec-address.ts';
import { allListings, type StoredListing } from '../storage/listings.ts';
import { getUser } from '../storage/users.ts';
import * as records from '../storage/provider-records.ts';
import type { ProviderState, StoredProviderListing } from '../storage/provider-records.ts';
import { compareBrokers } from './provider-order.ts';

/**
 * The MLS screens and provider reports built on our listings and the provider's current
 * generation (docs/decisions/0220–0222).
 */

/** Our listings updated in the last six months, most recent first (reads pages until older). */
export async function recentListings(now = new Date()): Promise<StoredListing[]> {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - MLS_LOOKBACK_MONTHS);
  const since = cutoff.toISOString();
  const out: StoredListing[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await allListings(500, start);
    for (const l of page.items) {
      if (l.updated_at < since) return out;
      out.push(l);
    }
    start = page.next;
  } while (start);
  return out;
}

export const listingView = (l: StoredListing) => ({
  id: l.id,
  address: l.address,
  app: l.app,
  city: l.city,
  postalcode: l.postalcode,
  mls: l.mls,
  picture_url: l.picture_url,
  broker: { id: l.broker_id, firstname: l.broker.firstname, lastname: l.broker.lastname },
  updated_at: l.updated_at,
});

export const providerView = ({ key: _key, ...record }: StoredProviderListing) => record;

/** The automatic match of one of our listings among the provider's listings at the same civic number. */
export async function matchListing(gen: string, listing: StoredListing): Promise<MatchOutcome<StoredProviderListing>> {
  const key = listingAddressKey(listing);
  if (!key.civic || !key.street) return { kind: 'unmatched' };
  return pickMatch(key, await records.listingsAtCivic(gen, key));
}

/** Runs `fn` over `items`, `width` at a time. */
export async function inBatches<T, R>(items: readonly T[], width: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += width) out.push(...(await Promise.all(items.slice(i, i + width).map(fn))));
  return out;
}

type ReportScope = { banner?: string | undefined; franchise?: string | undefined; sortColumn: ProviderSortColumn; sortDir: 'asc' | 'desc' };

/** The stored orders' scope of a report scope: one banner's brokers, or all of them. */
const orderScope = (scope: ReportScope) => (scope.banner ? `B#${scope.banner}` : 'ALL');

/** The broker codes of a report scope in the asked order. */
export async function scopeCodes(gen: string, scope: ReportScope): Promise<string[] | ProviderBroker[]> {
  if (scope.franchise) {
    const franchise = (await records.franchises(gen, scope.banner)).find((f) => f.code === scope.franchise);
    if (!franchise) return [];
    const brokers = await records.brokersByCode(gen, franchise.brokers);
    brokers.sort((a, b) => compareBrokers(a, b, scope.sortColumn));
    return scope.sortDir === 'desc' ? brokers.reverse() : brokers;
  }
  const codes = await records.order(gen, orderScope(scope), scope.sortColumn);
  return scope.sortDir === 'desc' ? codes.reverse() : codes;
}

/**
 * `limit` brokers of a scope from `offset`, in the asked order. A banner or all brokers: read from the
 * pages stored at import (ADR 0480), a descending page being ascending rows read backwards; a
 * franchise (at most a few hundred brokers), or a generation imported before the pages were stored:
 * its brokers read by code.
 */
export async function brokerPage(state: ProviderState, scope: ReportScope, offset: number, limit: number): Promise<{ data: ProviderBroker[]; total: number }> {
  if (!scope.franchise && state.scopeTotals) {
    const stored = orderScope(scope);
    const total = state.scopeTotals[stored] ?? 0;
    const end = Math.min(total, offset + limit);
    const [from, to] = scope.sortDir === 'desc' ? [total - end, total - offset] : [offset, end];
    const rows = await records.reportRows(state.generation, stored, scope.sortColumn, from, to);
    return { data: scope.sortDir === 'desc' ? rows.reverse() : rows, total };
  }
  const gen = state.generation;
  const all = await scopeCodes(gen, scope);
  const slice = all.slice(offset, offset + limit);
  const data = typeof slice[0] === 'string' ? await records.brokersByCode(gen, slice as string[]) : (slice as ProviderBroker[]);
  return { data: data.map(reportRow), total: all.length };
}

export const reportRow = (b: ProviderBroker): ProviderBroker => {
  const { listings: _listings, ...row } = b as ProviderBroker & { listings?: string[] };
  return row;
};

export const CLIENT_LABEL: Record<1 | 2 | 3, string> = { 1: 'Oui', 2: 'Peut être', 3: 'Non' };

/** centris.csv (ADR 0222): fixed columns, French headers, ';' separated, UTF-8 with BOM, CRLF. */
export function centrisCsv(brokers: readonly ProviderBroker[]): string {
  const percent = (b: ProviderBroker) => (b.count ? Math.round((b.marketListing / b.count) * 100) : 0);
  return stringify(
    brokers.map((b) => [b.code, b.firstname, b.lastname, b.main_phone, b.email, b.banner, b.franchise, b.city, b.count, b.allListing, b.marketListing, percent(b), CLIENT_LABEL[b.hausBroker]]),
    {
      bom: true,
      delimiter: ';',
      record_delimiter: 'windows',
      header: true,
      columns: ['Code', 'Prénom', 'Nom', 'Téléphone', 'Courriel', 'Bannière', 'Franchise', 'Ville', 'Inscriptions', 'Inscriptions produit', 'Inscriptions en vigueur', '% en vigueur', 'Client'],
    },
  );
}

/** Names of brokers by id (the audit's broker column), read once each. */
export async function brokerUsers(ids: readonly number[]): Promise<Map<number, { name: string; code: string | null }>> {
  const users = await inBatches([...new Set(ids)], 10, (id) => getUser(id));
  return new Map(users.flatMap((u) => (u ? [[u.id, { name: `${u.firstname} ${u.lastname}`, code: u.broker_code }] as const] : [])));
}
