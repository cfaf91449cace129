import { beforeAll, describe, expect, it } from 'vitest';
import { getListingVisitStats, getVisitReport, recordVisit, searchListings, VISIT_LIMIT } from '#shared/catalogue/listings.ts';
import { localDateOf } from '#shared/rules/business-time.ts';
import { Role, type RoleId } from '#shared/roles.ts';
import { insertListing } from '#functions/storage/listings.ts';
import { recordVisit as recordVisitOn, upgradeVisitMonths } from '#functions/storage/visits.ts';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#functions/plumbing/aws.ts';
import { keys } from '#functions/plumbing/keys.ts';
import { tokenFor } from '../support/api.ts';
import { bodyOf, callOp, errorOf } from '../support/operations.ts';

/** Part 3 screens 1 and 3: anonymous visits recorded by the public pages, aggregated per day (ADR 0201). */

const tokens = {} as Record<RoleId, string>;
beforeAll(async () => {
  for (const role of Object.values(Role)) tokens[role] = (await tokenFor(role)).token;
});

const word = `zv${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const today = localDateOf(Date.now());
const id8 = (s: string) => `${s}-${word}`.padEnd(8, 'x');

async function listing() {
  return insertListing({
    address: `10 rue ${word}`,
    app: '',
    city: 'Montréal',
    postalcode: 'H2X 1Y4',
    room_count: 5,
    is_house: true,
    lat: 45.5,
    lng: -73.6,
    state: 3,
    broker_id: 900002,
    broker: { firstname: 'Marc', lastname: 'Dubois' },
  });
}

const report = (listing_id: number, visitor: string, session: string, views: number, seconds: number, photos = 10) =>
  callOp(recordVisit, { listing_id, visitor: id8(visitor), session: id8(session), photos, views, seconds });

describe('visit statistics', () => {
  it('counts visitors, sessions, views and time from running totals, once per growth', async () => {
    const l = await listing();
    expect(bodyOf(await report(l.id, 'alice', 's1', 2, 30)).recorded).toBe(true);
    expect(bodyOf(await report(l.id, 'alice', 's1', 5, 60)).recorded).toBe(true);
    expect(bodyOf(await report(l.id, 'alice', 's1', 5, 60)).recorded).toBe(false);
    // A report that goes back (replayed, reordered) adds nothing.
    expect(bodyOf(await report(l.id, 'alice', 's1', 3, 90)).recorded).toBe(false);
    await report(l.id, 'alice', 's2', 10, 120);
    await report(l.id, 'bob', 's3', 0, 0);
    const stats = bodyOf(await callOp(getListingVisitStats, { id: l.id, from: today, to: today }, tokens[Role.admin]));
    expect(stats.days).toEqual([{ date: today, visitor: 2, session: 3, views: 15, photos: 30, seconds: 180 }]);
    // views / (photos × sessions) × 100 = 15 / (10 × 3) × 100; 180 s / 3 sessions = 1 minute.
    expect(stats.totals).toEqual({ visitor: 2, session: 3, completed: 50, average_minutes: 1 });
    expect(stats.recurring).toEqual([
      { key: '1', visitors: 1 },
      { key: '2', visitors: 1 },
      { key: '3', visitors: 0 },
      { key: '4', visitors: 0 },
      { key: '5+', visitors: 0 },
    ]);
    const [row] = bodyOf(await callOp(searchListings, { search: word }, tokens[Role.sales])).listings;
    expect(row).toMatchObject({ visitor: 2, session: 3, completed: 50, average_minutes: 1 });
  });

  it("the recurring table's last row is '5 and more'", async () => {
    const l = await listing();
    for (let i = 1; i <= 6; i++) await report(l.id, 'carol', `c${i}`, 1, 1);
    const { recurring } = bodyOf(await callOp(getListingVisitStats, { id: l.id, from: today, to: today }, tokens[Role.admin]));
    expect(recurring.map((r) => r.visitors)).toEqual([0, 0, 0, 0, 1]);
  });

  it('the report gives visitors per date and the top listings by unique visitors', async () => {
    const l = await listing();
    for (const v of ['d1', 'd2', 'd3']) await report(l.id, v, `${v}s`, 10, 10);
    const { days, top } = bodyOf(await callOp(getVisitReport, { from: today, to: today }, tokens[Role.superadmin]));
    expect(days.find((d) => d.date === today)!.visitor).toBeGreaterThanOrEqual(3);
    expect(top.length).toBeLessThanOrEqual(20);
    const mine = top.find((t) => t.listing_id === l.id);
    if (mine) expect(mine).toMatchObject({ visitor: 3, session: 3, completed: 100, address: `10 rue ${word}` });
    else expect(top.at(-1)!.visitor).toBeGreaterThanOrEqual(3);
  });

  it("a range of whole months and edge days sums each visit once, from the months' and the days' items; older tables get their months at start (ADR 0695)", async () => {
    const l = await listing();
    // 2019: no other test or seed has visits then, so this listing leads the report's top.
    const at = (date: string) => Date.parse(`${date}T16:00:00Z`);
    const visits: Array<[string, string]> = [['2019-01-29', 'v0'], ['2019-01-31', 'v1'], ['2019-02-01', 'v2'], ['2019-02-15', 'v3'], ['2019-02-28', 'v4'], ['2019-03-01', 'v5'], ['2019-03-03', 'v6']];
    for (const [date, v] of visits) await recordVisitOn({ listingId: l.id, visitor: v, session: `${v}-s`, photos: 10, views: 5, seconds: 60 }, at(date));
    const reportOf = async () => bodyOf(await callOp(getVisitReport, { from: '2019-01-30', to: '2019-03-02' }, tokens[Role.admin]));
    const expected = { listing_id: l.id, visitor: 5, session: 5, completed: 50, address: `10 rue ${word}` };
    const first = await reportOf();
    expect(first.top).toEqual([expected]);
    expect(first.days.map((d) => d.date)).toEqual(['2019-01-31', '2019-02-01', '2019-02-15', '2019-02-28', '2019-03-01']);

    await db.send(new DeleteCommand({ TableName: tableName(), Key: { pk: keys.visitMonth(l.id, '2019-02').pk, sk: keys.visitMonth(l.id, '2019-02').sk } }));
    expect((await reportOf()).top).toEqual([{ ...expected, visitor: 2, session: 2 }]);
    await db.send(new DeleteCommand({ TableName: tableName(), Key: keys.visitMonthsVersion }));
    expect(await upgradeVisitMonths()).toBeGreaterThanOrEqual(1);
    expect((await reportOf()).top).toEqual([expected]);
    expect(await upgradeVisitMonths()).toBe(0);
  });

  it('hostile reports answer 400, an unknown listing 404; the report is for administrators only', async () => {
    const l = await listing();
    expect(errorOf(await callOp(recordVisit, { listing_id: l.id, visitor: 'short', session: id8('s'), photos: 1, views: 1, seconds: 1 }), 400).fields?.visitor).toBeDefined();
    expect(errorOf(await report(l.id, 'eve', 'e1', 11, 1, 10), 400).fields?.views).toBeDefined();
    expect(errorOf(await report(l.id, 'eve', 'e1', 1, -5), 400).fields?.seconds).toBeDefined();
    expect((await report(99_999_999, 'eve', 'e1', 1, 1)).status).toBe(404);
    // A listing with no public page (tour not published, no delivery link): nobody visits it.
    const unpublished = await insertListing({ address: `12 rue ${word}`, app: '', city: 'Montréal', postalcode: 'H2X 1Y4', room_count: 5, is_house: true, lat: 45.5, lng: -73.6, state: 1, broker_id: 900002, broker: { firstname: 'Marc', lastname: 'Dubois' } });
    expect((await report(unpublished.id, 'eve', 'e1', 1, 1)).status).toBe(404);
    expect(errorOf(await callOp(getVisitReport, { from: today, to: '2020-01-01' }, tokens[Role.admin]), 400).fields?.to).toBeDefined();
    for (const role of [Role.broker, Role.sales, Role.tech_postprod, Role.stats_query]) expect((await callOp(getVisitReport, { from: today, to: today }, tokens[role])).status).toBe(403);
    expect((await callOp(getListingVisitStats, { id: l.id, from: today, to: today }, tokens[Role.broker])).status).toBe(403);
  });

  it(`at most ${VISIT_LIMIT.limit} reports a minute per address, then 429`, async () => {
    const l = await listing();
    let status = 0;
    for (let i = 0; i < VISIT_LIMIT.limit * 2 + 2 && status !== 429; i++) status = (await report(l.id, 'flood', 'flood', 0, i)).status;
    expect(status).toBe(429);
  });
});
