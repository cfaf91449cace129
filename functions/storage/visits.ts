import { createHash } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { localDateOf } from '#shared/rules/business-time.ts';
import { RECURRING_KEYS } from '#shared/catalogue/listings.ts';
import { db, tableName } from '../plumbing/aws.ts';
import { markBackfilled } from '../plumbing/backfill.ts';
import { batchGet } from '../plumbing/batch-get.ts';
import { batchWriteAll } from '../plumbing/batch-write.ts';
import { inPool } from '../plumbing/pool.ts';
import { monthsAndDays } from '#shared/rules/month-spans.ts';
import { keys } from '../plumbing/keys.ts';
import { byIndex, queryAll } from '../plumbing/query.ts';

/**
 * Virtual-visit statistics (docs/decisions/0201-visit-statistics.md): the one module that writes
 * them. A public page reports a session's running totals (photos shown, photos viewed, seconds);
 * the session item keeps what was already counted, so each report adds only what grew, with
 * atomic ADD updates to four aggregates: the listing's day (gsi1 by day) and month (gsi1 by month),
 * for the report's top listings, the listing's totals (search rows, recurring visits) and every
 * listing's day (the report's visitors per date). Visitor and session ids are stored hashed; their items expire.
 */

export interface VisitFigures {
  visitor: number;
  session: number;
  views: number;
  photos: number;
  seconds: number;
}

export interface VisitReport {
  listingId: number;
  visitor: string;
  session: string;
  photos: number;
  views: number;
  seconds: number;
}

/** Sessions and visitor-days are kept 2 days (a session that runs past midnight stays on its first day); visitors a year. */
const SESSION_TTL_S = 2 * 86_400;
const VISITOR_TTL_S = 366 * 86_400;

const hash = (id: string) => createHash('sha256').update(id).digest('base64url').slice(0, 22);
const conditionFailed = (e: unknown) => (e as Error | null)?.name === 'ConditionalCheckFailedException';
const bucketOf = (sessions: number) => RECURRING_KEYS[Math.min(sessions, 5) - 1]!;

/** Counts a report; false when it adds nothing (a session's totals never go down). */
export async function recordVisit(report: VisitReport, now = Date.now()): Promise<boolean> {
  const nowS = Math.floor(now / 1000);
  let old: Record<string, unknown> | undefined;
  try {
    ({ Attributes: old } = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.visitSession(report.listingId, hash(report.session)),
        UpdateExpression: 'SET #views = :views, #seconds = :seconds, #day = if_not_exists(#day, :day), #photos = if_not_exists(#photos, :photos), #ttl = :ttl',
        ConditionExpression: 'attribute_not_exists(pk) OR (#views <= :views AND #seconds <= :seconds)',
        ExpressionAttributeNames: { '#views': 'views', '#seconds': 'seconds', '#day': 'day', '#photos': 'photos', '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':views': report.views, ':seconds': report.seconds, ':day': localDateOf(now), ':photos': report.photos, ':ttl': nowS + SESSION_TTL_S },
        ReturnValues: 'ALL_OLD',
      }),
    ));
  } catch (error) {
    if (conditionFailed(error)) return false;
    throw error;
  }
  const newSession = !old;
  const day = old ? String(old.day) : localDateOf(now);
  const add: VisitFigures = {
    visitor: 0,
    session: newSession ? 1 : 0,
    views: report.views - Number(old?.views ?? 0),
    photos: newSession ? report.photos : 0,
    seconds: report.seconds - Number(old?.seconds ?? 0),
  };
  const recurring: Record<string, number> = {};
  if (newSession) {
    add.visitor = (await firstVisitOfDay(report, day, nowS)) ? 1 : 0;
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.visitor(report.listingId, hash(report.visitor)),
        UpdateExpression: 'ADD sessions :one SET #ttl = :ttl',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':one': 1, ':ttl': nowS + VISITOR_TTL_S },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    const sessions = Number(Attributes?.sessions ?? 1);
    const to = bucketOf(sessions);
    if (sessions === 1) recurring[to] = 1;
    else if (bucketOf(sessions - 1) !== to) Object.assign(recurring, { [bucketOf(sessions - 1)]: -1, [to]: 1 });
  }
  if (!Object.values(add).some(Boolean) && !Object.keys(recurring).length) return false;
  const { gsi1pk, gsi1sk, ...dayKey } = keys.visitDay(report.listingId, day);
  const month = day.slice(0, 7);
  const { gsi1pk: monthPk, gsi1sk: monthSk, ...monthKey } = keys.visitMonth(report.listingId, month);
  // Marked visited before its totals exist: a search reads the totals of every listing they may exist for.
  await markVisited([report.listingId]);
  await Promise.all([
    addTo(dayKey, add, { gsi1pk, gsi1sk, date: day, listing_id: report.listingId }),
    addTo(monthKey, add, { gsi1pk: monthPk, gsi1sk: monthSk, month, listing_id: report.listingId }),
    addTo(keys.visitTotals(report.listingId), add, {}, recurring),
    addTo(keys.visitAllDay(day), add, { date: day }),
  ]);
  return true;
}

async function firstVisitOfDay(report: VisitReport, day: string, nowS: number): Promise<boolean> {
  try {
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.visitorDay(report.listingId, day, hash(report.visitor)), ttl: nowS + SESSION_TTL_S },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (conditionFailed(error)) return false;
    throw error;
  }
}

/** One atomic ADD of the figures (and recurring-visit moves) to an aggregate item. */
async function addTo(key: Record<string, string>, add: VisitFigures, set: Record<string, unknown>, recurring: Record<string, number> = {}): Promise<void> {
  const adds = { ...add, ...Object.fromEntries(Object.entries(recurring).map(([k, v]) => [`rec_${k === '5+' ? '5' : k}`, v])) };
  const addNames = Object.keys(adds);
  const setNames = Object.keys(set);
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: key,
      UpdateExpression: `ADD ${addNames.map((n, i) => `#a${i} :a${i}`).join(', ')}${setNames.length ? ` SET ${setNames.map((n, i) => `#s${i} = :s${i}`).join(', ')}` : ''}`,
      ExpressionAttributeNames: { ...Object.fromEntries(addNames.map((n, i) => [`#a${i}`, n])), ...Object.fromEntries(setNames.map((n, i) => [`#s${i}`, n])) },
      ExpressionAttributeValues: {
        ...Object.fromEntries(addNames.map((n, i) => [`:a${i}`, adds[n as keyof typeof adds]])),
        ...Object.fromEntries(setNames.map((n, i) => [`:s${i}`, set[n]])),
      },
    }),
  );
}

const figures = (item: Record<string, unknown> | undefined): VisitFigures => ({
  visitor: Number(item?.visitor ?? 0),
  session: Number(item?.session ?? 0),
  views: Number(item?.views ?? 0),
  photos: Number(item?.photos ?? 0),
  seconds: Number(item?.seconds ?? 0),
});

/** Adds listings to the visited sets of their blocks (ADD to a number set: idempotent, concurrent adds all kept). */
async function markVisited(ids: readonly number[]): Promise<void> {
  const perBlock = new Map<string, { key: Record<string, string>; ids: number[] }>();
  for (const id of ids) {
    const key = keys.visitedListings(id);
    const block: { key: Record<string, string>; ids: number[] } = perBlock.get(key.sk) ?? { key, ids: [] };
    block.ids.push(id);
    perBlock.set(key.sk, block);
  }
  await Promise.all([...perBlock.values()].map(({ key, ids: blockIds }) =>
    db.send(new UpdateCommand({ TableName: tableName(), Key: key, UpdateExpression: 'ADD ids :ids', ExpressionAttributeValues: { ':ids': new Set(blockIds) } }))));
}

/** The keys of the visited sets of the blocks of these listings (what visitTotalsOf reads first). */
export function visitedSetKeysOf(ids: readonly number[]): Array<Record<string, string>> {
  return [...new Map(ids.map((id) => { const k = keys.visitedListings(id); return [k.sk, k]; })).values()];
}

/**
 * The running totals of listings (search rows): every id answered, zeros without visits. Only the
 * totals of listings in their block's visited set are read (most listings of a page have none):
 * one small BatchGet of the page's blocks' sets, then one of the visited ids' totals (ADR 0345).
 * `sets`: those sets already read (the listing search reads them with its index clock, ADR 0365).
 */
export async function visitTotalsOf(ids: readonly number[], sets?: ReadonlyArray<Record<string, unknown>>): Promise<Map<number, VisitFigures>> {
  const visited = new Set<number>();
  const visitedPk = keys.visitedListings(0).pk;
  for (const set of sets ?? (await batchGet(visitedSetKeysOf(ids)))) {
    if (set.pk !== visitedPk || !set.ids) continue;
    for (const id of set.ids as Iterable<number>) visited.add(Number(id));
  }
  const withVisits = ids.filter((id) => visited.has(id));
  const items = withVisits.length ? await batchGet(withVisits.map((id) => keys.visitTotals(id))) : [];
  const byPk = new Map(items.map((i) => [String(i.pk), i]));
  return new Map(ids.map((id) => [id, figures(byPk.get(keys.visitTotals(id).pk))]));
}

/**
 * Local tables whose visits were recorded before ADR 0345 have no visited sets: the first start
 * after it adds every listing with visit days (every day with visits, then its listings), once: a
 * marker item. Answers the number of listings marked.
 */
export async function upgradeVisitedListings(): Promise<number> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.visitedListingsVersion, ConsistentRead: true }));
  if (Item) return 0;
  const days = (await allVisitDays('0000-01-01', '9999-12-31')).map((d) => d.date);
  const ids = [...(await sumOf(days.map((d) => byIndex('visitsByDay', keys.listingsVisitedOn(d))))).keys()];
  await markVisited(ids);
  await markVisitedListingsCurrent();
  return ids.length;
}

/** Records that the visited sets hold every listing with visits (a new table's seed records its visits so). */
export const markVisitedListingsCurrent = () => markBackfilled(keys.visitedListingsVersion);

/** A listing's all-time recurring visits: visitors who came 1, 2, 3, 4, 5 and more times. */
export async function recurringVisitsOf(listingId: number): Promise<Array<{ key: (typeof RECURRING_KEYS)[number]; visitors: number }>> {
  const [item] = await batchGet([keys.visitTotals(listingId)]);
  return RECURRING_KEYS.map((key) => ({ key, visitors: Number(item?.[`rec_${key === '5+' ? '5' : key}`] ?? 0) }));
}

/** A listing's days with visits within [from, to]. */
export async function visitDaysOf(listingId: number, from: string, to: string): Promise<Array<VisitFigures & { date: string }>> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': keys.visitDaysOf(listingId), ':from': `${keys.visitDayPrefix}${from}`, ':to': `${keys.visitDayPrefix}${to}` },
  });
  return items.map((i) => ({ date: String(i.sk).slice(keys.visitDayPrefix.length), ...figures(i) }));
}

/** Every listing's visits per day within [from, to] (days without visits left out). */
export async function allVisitDays(from: string, to: string): Promise<Array<VisitFigures & { date: string }>> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': keys.visitAllDays, ':from': `${keys.visitDayPrefix}${from}`, ':to': `${keys.visitDayPrefix}${to}` },
  });
  return items.map((i) => ({ date: String(i.sk).slice(keys.visitDayPrefix.length), ...figures(i) }));
}

/**
 * Per listing, the figures summed over the days of [from, to]: each whole month of the range from
 * its month items, the days at its edges from their day items (ADR 0695).
 */
export function visitsPerListing(from: string, to: string): Promise<Map<number, VisitFigures>> {
  const { months, days } = monthsAndDays(from, to);
  return sumOf([...months.map((m) => byIndex('visitsByMonth', keys.listingsVisitedIn(m))), ...days.map((d) => byIndex('visitsByDay', keys.listingsVisitedOn(d)))]);
}

const FIGURES_ONLY = { ProjectionExpression: 'listing_id, visitor, #session, #views, photos, #seconds', ExpressionAttributeNames: { '#session': 'session', '#views': 'views', '#seconds': 'seconds' } };

/** Per listing, the figures of the aggregates in these index partitions summed; 8 queries at a time. */
async function sumOf(partitions: ReadonlyArray<ReturnType<typeof byIndex>>): Promise<Map<number, VisitFigures>> {
  const out = new Map<number, VisitFigures>();
  await inPool(partitions, 8, async (partition) => {
    for (const item of await queryAll({ ...partition, ...FIGURES_ONLY })) {
      const id = Number(item.listing_id);
      out.set(id, plus(out.get(id) ?? figures(undefined), figures(item)));
    }
  });
  return out;
}

const plus = (a: VisitFigures, b: VisitFigures): VisitFigures => ({ visitor: a.visitor + b.visitor, session: a.session + b.session, views: a.views + b.views, photos: a.photos + b.photos, seconds: a.seconds + b.seconds });

/**
 * Local tables whose visits were recorded before ADR 0695 have no month items: the first start
 * after it writes each listing's month as the sum of its days (a Put: running it again writes the
 * same sums), once (a marker item). Answers the number of month items written.
 */
export async function upgradeVisitMonths(): Promise<number> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.visitMonthsVersion, ConsistentRead: true }));
  if (Item) return 0;
  const sums = new Map<string, { listingId: number; month: string; figures: VisitFigures }>();
  await inPool((await allVisitDays('0000-01-01', '9999-12-31')).map((d) => d.date), 8, async (day) => {
    for (const item of await queryAll(byIndex('visitsByDay', keys.listingsVisitedOn(day)))) {
      const listingId = Number(item.listing_id);
      const key = `${listingId}#${day.slice(0, 7)}`;
      sums.set(key, { listingId, month: day.slice(0, 7), figures: plus(sums.get(key)?.figures ?? figures(undefined), figures(item)) });
    }
  });
  await batchWriteAll([...sums.values()].map(({ listingId, month, figures: f }) => ({ PutRequest: { Item: { ...keys.visitMonth(listingId, month), month, listing_id: listingId, ...f } } })));
  await markVisitMonthsCurrent();
  return sums.size;
}

/** Records that the month items hold every visited day (a new table's seed records its visits so). */
export const markVisitMonthsCurrent = () => markBackfilled(keys.visitMonthsVersion);

