import { describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/api.ts';
import { getShootingItem } from '#functions/storage/shootings.ts';
import { lockDay } from '#functions/storage/day-locks.ts';
import { handler as loadDay } from '#functions/workflows/dispatch-load-day.ts';
import { handler as solve } from '#functions/workflows/dispatch-solve.ts';
import { handler as apply } from '#functions/workflows/dispatch-apply.ts';
import { DISPATCH_MESSAGES } from '#shared/catalogue/planner.ts';
import { Role } from '#shared/roles.ts';
import { bookingAt, day, planningBrokerToken } from './booking-support.ts';

interface Booked {
  data: { id: number };
}
interface Dispatched {
  userDispatched: number;
  shootingDispatched: number;
  shootingRequested: number;
  unserved: Array<{ shootingId: number; reason: string }>;
}

/** Books a shooting as a broker would, through the API: unconfirmed and unassigned. */
async function book(address: string, date: string, am: boolean): Promise<number> {
  const res = await call<Booked>('POST', '/api/shootings', { token: await planningBrokerToken(1), body: bookingAt(address, date, am) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id;
}

describe('dispatchShooting (Step Functions workflow: load the day → solve → apply)', () => {
  it('assigns the requested unassigned shootings and answers N / M', async () => {
    const date = day(31);
    const ids = [await book('4500 Rue Saint-Denis', date, true), await book('1200 Avenue Cartier', date, false)];
    const { token } = await tokenFor(Role.admin);
    const res = await call<Dispatched>('POST', '/api/planner/dispatch', { token, body: { date, shooting_ids: ids } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ shootingDispatched: 2, shootingRequested: 2 });
    expect(res.body.userDispatched).toBeGreaterThanOrEqual(1);
    for (const id of ids) {
      const s = await getShootingItem(id);
      expect(s?.tech_id, `shooting ${id}`).not.toBeNull();
      expect(s?.distance).not.toBeNull();
    }
    expect(DISPATCH_MESSAGES.partial.replace('{{n}}', '2').replace('{{m}}', '2')).toBe('2 / 2 des captures ont été réparties.');
  });

  it('answers the route figures of the day: km, transit time, cost and route order per technician', async () => {
    const date = day(32);
    const ids = [await book('6000 Boulevard Saint-Laurent', date, true), await book('2500 Boulevard Laurier', date, true)];
    const { token } = await tokenFor(Role.tech_postprod_lead);
    await call('POST', '/api/planner/dispatch', { token, body: { date, shooting_ids: ids } });
    const res = await call<{ techs: Array<{ tech_id: number; route: number[]; km: number; transit_time: number; km_cost: number; cost: number }> }>('GET', `/api/planner/figures?date=${date}`, { token });
    expect(res.status).toBe(200);
    const busy = res.body.techs.filter((t) => t.route.length > 0);
    expect(busy.flatMap((t) => t.route).sort()).toEqual([...ids].sort());
    for (const t of busy) {
      expect(t.km).toBeGreaterThan(0);
      expect(t.transit_time).toBeGreaterThan(0);
      expect(t.cost).toBeGreaterThanOrEqual(t.km_cost);
    }
  });

  it('never overwrites an assignment made by hand while the dispatch was running', async () => {
    const date = day(33);
    const id = await book('800 Boulevard René-Lévesque Ouest', date, true);
    const loaded = await loadDay({ date, shooting_ids: [id] });
    const solved = await solve(loaded);
    const planned = solved.outcome.assignments.find((a) => a.shootingId === id)!;
    expect(planned).toBeDefined();
    const other = loaded.problem.technicians.find((t) => t.id !== planned.techId)!;

    const { token } = await tokenFor(Role.admin);
    const manual = await call<{ success: boolean }>('PUT', '/api/planner/assign', { token, body: { shooting_id: id, tech_id: other.id, force_assigned: true } });
    expect(manual.body.success).toBe(true);

    const result = await apply(solved);
    expect(result.shootingDispatched).toBe(0);
    expect(result.unserved).toContainEqual({ shootingId: id, reason: 'changed_meanwhile' });
    expect((await getShootingItem(id))?.tech_id).toBe(other.id);
  });

  it('never assigns to a technician whose day was locked while the dispatch was running', async () => {
    const date = day(34);
    const id = await book('4500 Rue Saint-Denis', date, false);
    const solved = await solve(await loadDay({ date, shooting_ids: [id] }));
    const planned = solved.outcome.assignments.find((a) => a.shootingId === id)!;
    await lockDay(date, planned.techId);

    const result = await apply(solved);
    expect(result.unserved).toContainEqual({ shootingId: id, reason: 'changed_meanwhile' });
    expect((await getShootingItem(id))?.tech_id).toBeNull();
  });

  it('assigns to nobody when every technician is locked: userDispatched 0 (the "Aucun technicien" message)', async () => {
    const date = day(35);
    const id = await book('1200 Avenue Cartier', date, true);
    const loaded = await loadDay({ date, shooting_ids: [id] });
    for (const t of loaded.problem.technicians) await lockDay(date, t.id);
    const { token } = await tokenFor(Role.superadmin);
    const res = await call<Dispatched>('POST', '/api/planner/dispatch', { token, body: { date, shooting_ids: [id] } });
    expect(res.body).toMatchObject({ userDispatched: 0, shootingDispatched: 0, shootingRequested: 1 });
    expect(res.body.unserved[0]).toMatchObject({ shootingId: id, reason: 'all_locked' });
    expect(DISPATCH_MESSAGES.none).toBe("Aucun technicien n'est disponible pour la répartition.");
  });

  it('refuses a manual assignment onto a locked day unless forced', async () => {
    const date = day(36);
    const id = await book('6000 Boulevard Saint-Laurent', date, true);
    const loaded = await loadDay({ date, shooting_ids: [id] });
    const tech = loaded.problem.technicians[0]!;
    await lockDay(date, tech.id);
    const { token } = await tokenFor(Role.admin);
    const refused = await call<{ success: boolean; reason?: string }>('PUT', '/api/planner/assign', { token, body: { shooting_id: id, tech_id: tech.id } });
    expect(refused.body).toMatchObject({ success: false, reason: 'locked' });
    const forced = await call<{ success: boolean }>('PUT', '/api/planner/assign', { token, body: { shooting_id: id, tech_id: tech.id, force_assigned: true } });
    expect(forced.body.success).toBe(true);
    expect((await getShootingItem(id))?.force_assigned).toBe(true);
  });

  it('refuses bad input with field errors and is closed to brokers', async () => {
    const { token } = await tokenFor(Role.admin);
    const bad = await call<{ error: { fields: Record<string, string[]> } }>('POST', '/api/planner/dispatch', { token, body: { date: 'tomorrow', shooting_ids: [] } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['date', 'shooting_ids']);
    const broker = await tokenFor(Role.broker);
    expect((await call('POST', '/api/planner/dispatch', { token: broker.token, body: { date: day(31), shooting_ids: [1] } })).status).toBe(403);
  });
});
