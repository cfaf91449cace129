import { describe, expect, it } from 'vitest';
import { tokenFor } from '../support/api.ts';
import { ownDay, quietDay } from '../support/days.ts';
import { bodyOf, callOp, errorOf } from '../support/operations.ts';
import { assignShooting, getShootingItem } from '#functions/storage/shootings.ts';
import { lockDay } from '#functions/storage/day-locks.ts';
import { addUnavailability } from '#functions/storage/unavailabilities.ts';
import { dayFigures } from '#functions/use-cases/route-figures.ts';
import { addDays, dayStartMs } from '#shared/rules/business-time.ts';
import { insertUser, newUserId } from '#functions/storage/users.ts';
import { transact } from '#functions/plumbing/transact.ts';
import { handler as loadDay } from '#functions/workflows/dispatch-load-day.ts';
import { handler as solve } from '#functions/workflows/dispatch-solve.ts';
import { handler as apply } from '#functions/workflows/dispatch-apply.ts';
import { DISPATCH_MESSAGES, assignProdShooting, dailyShootingActivity, dispatchShooting, exportPlanningDay, getRouteFigures } from '#shared/catalogue/planner.ts';
import { Role } from '#shared/roles.ts';
import { book, planningBrokerToken } from './booking-support.ts';
import { unassignedOnBoard } from '../../web/src/areas/planner/queries.ts';

/** Books a shooting as a broker would, through the API: unconfirmed and unassigned. */
const bookId = async (address: string, date: string, am: boolean) => (await book(await planningBrokerToken(1), address, date, am)).id;

describe('dispatchShooting (Step Functions workflow: load the day → solve → apply)', () => {
  it('assigns the requested unassigned shootings and answers N / M', async () => {
    const date = ownDay();
    const ids = [await bookId('4500 Rue Saint-Denis', date, true), await bookId('1200 Avenue Cartier', date, false)];
    const { token } = await tokenFor(Role.admin);
    const res = bodyOf(await callOp(dispatchShooting, { date, shooting_ids: ids }, token));
    expect(res).toMatchObject({ shootingDispatched: 2, shootingRequested: 2 });
    expect(res.userDispatched).toBeGreaterThanOrEqual(1);
    for (const id of ids) {
      const s = await getShootingItem(id);
      expect(s?.tech_id, `shooting ${id}`).not.toBeNull();
      expect(s?.distance).not.toBeNull();
    }
    expect(DISPATCH_MESSAGES.partial.replace('{{n}}', '2').replace('{{m}}', '2')).toBe('2 / 2 des captures ont été réparties.');
  });

  it('answers the route figures of the day: km, transit time, cost and route order per technician', async () => {
    const date = ownDay();
    const ids = [await bookId('6000 Boulevard Saint-Laurent', date, true), await bookId('2500 Boulevard Laurier', date, true)];
    const { token } = await tokenFor(Role.tech_postprod_lead);
    await callOp(dispatchShooting, { date, shooting_ids: ids }, token);
    const res = bodyOf(await callOp(getRouteFigures, { date }, token));
    const busy = res.techs.filter((t) => t.route.length > 0);
    expect(busy.flatMap((t) => t.route).sort()).toEqual([...ids].sort());
    for (const t of busy) {
      expect(t.km).toBeGreaterThan(0);
      expect(t.transit_time).toBeGreaterThan(0);
      expect(t.cost).toBeGreaterThanOrEqual(t.km_cost);
    }
  });

  it('never overwrites an assignment made by hand while the dispatch was running', async () => {
    const date = ownDay();
    const id = await bookId('800 Boulevard René-Lévesque Ouest', date, true);
    const loaded = await loadDay({ date, shooting_ids: [id] });
    const solved = await solve(loaded);
    const planned = solved.outcome.assignments.find((a) => a.shootingId === id)!;
    expect(planned).toBeDefined();
    const other = loaded.problem.technicians.find((t) => t.id !== planned.techId)!;

    const { token } = await tokenFor(Role.admin);
    const manual = bodyOf(await callOp(assignProdShooting, { shooting_id: id, tech_id: other.id, force_assigned: true }, token));
    expect(manual.success).toBe(true);

    const result = await apply(solved);
    expect(result.shootingDispatched).toBe(0);
    expect(result.unserved).toContainEqual({ shootingId: id, reason: 'changed_meanwhile' });
    expect((await getShootingItem(id))?.tech_id).toBe(other.id);
  });

  it('never assigns to a technician whose day was locked while the dispatch was running', async () => {
    const date = ownDay();
    const id = await bookId('4500 Rue Saint-Denis', date, false);
    const solved = await solve(await loadDay({ date, shooting_ids: [id] }));
    const planned = solved.outcome.assignments.find((a) => a.shootingId === id)!;
    await lockDay(date, planned.techId);

    const result = await apply(solved);
    expect(result.unserved).toContainEqual({ shootingId: id, reason: 'changed_meanwhile' });
    expect((await getShootingItem(id))?.tech_id).toBeNull();
  });

  it("keeps a planned assignment when the day changed meanwhile but its technician's day still takes it, and drops it when it no longer does (ADR 0645)", async () => {
    const date = ownDay();
    const [kept, dropped] = [await bookId('4500 Rue Saint-Denis', date, true), await bookId('6000 Boulevard Saint-Laurent', date, false)];
    const solved = await solve(await loadDay({ date, shooting_ids: [kept, dropped] }));
    const plannedFor = (id: number) => solved.outcome.assignments.find((a) => a.shootingId === id)!.techId;
    // Meanwhile a broker books the same morning (both half-day guards move), and the technician
    // planned for the afternoon shooting becomes unavailable from noon.
    await bookId('2500 Rue Beaubien Est', date, true);
    await addUnavailability(plannedFor(dropped), new Date(dayStartMs(date) + 12 * 3_600_000).toISOString(), new Date(dayStartMs(addDays(date, 1)) - 60_000).toISOString(), 'rendez-vous');

    const result = await apply(solved);
    expect((await getShootingItem(kept))?.tech_id).toBe(plannedFor(kept));
    expect(result.unserved).toEqual([{ shootingId: dropped, reason: 'changed_meanwhile' }]);
    expect((await getShootingItem(dropped))?.tech_id ?? null).toBeNull();
  });

  it("stores the legs of the day's routes as they run after it: a shooting the technician already held now comes from the dispatched one (ADR 0645)", async () => {
    const date = ownDay();
    const [morning, afternoon] = [await bookId('6000 Boulevard Saint-Laurent', date, true), await bookId('2500 Rue Beaubien Est', date, false)];
    const loaded = await loadDay({ date, shooting_ids: [morning] });
    const tech = (await solve(loaded)).outcome.assignments.find((a) => a.shootingId === morning)!.techId;
    const { token } = await tokenFor(Role.admin);
    expect(bodyOf(await callOp(assignProdShooting, { shooting_id: afternoon, tech_id: tech, force_assigned: true }, token)).success).toBe(true);
    const fromHome = (await getShootingItem(afternoon))!.distance;
    // Only that technician works: the morning shooting goes to them, before the afternoon one.
    for (const t of loaded.problem.technicians) if (t.id !== tech) await lockDay(date, t.id);

    expect(bodyOf(await callOp(dispatchShooting, { date, shooting_ids: [morning] }, token))).toMatchObject({ shootingDispatched: 1 });
    expect((await getShootingItem(morning))?.tech_id).toBe(tech);
    const leg = (await getShootingItem(afternoon))!.distance;
    expect(leg).toBe((await dayFigures(date)).legs.find((l) => l.shootingId === afternoon)!.km);
    expect(leg).not.toBe(fromHome);
  });

  it('assigns to nobody when every technician is locked: userDispatched 0 (the "Aucun technicien" message)', async () => {
    const date = ownDay();
    const id = await bookId('1200 Avenue Cartier', date, true);
    const loaded = await loadDay({ date, shooting_ids: [id] });
    for (const t of loaded.problem.technicians) await lockDay(date, t.id);
    const { token } = await tokenFor(Role.superadmin);
    const res = bodyOf(await callOp(dispatchShooting, { date, shooting_ids: [id] }, token));
    expect(res).toMatchObject({ userDispatched: 0, shootingDispatched: 0, shootingRequested: 1 });
    expect(res.unserved[0]).toMatchObject({ shootingId: id, reason: 'all_locked' });
    expect(DISPATCH_MESSAGES.none).toBe("Aucun technicien n'est disponible pour la répartition.");
  });

  it('refuses a manual assignment onto a locked day unless forced', async () => {
    const date = ownDay();
    const id = await bookId('6000 Boulevard Saint-Laurent', date, true);
    const loaded = await loadDay({ date, shooting_ids: [id] });
    const tech = loaded.problem.technicians[0]!;
    await lockDay(date, tech.id);
    const { token } = await tokenFor(Role.admin);
    const refused = bodyOf(await callOp(assignProdShooting, { shooting_id: id, tech_id: tech.id }, token));
    expect(refused).toMatchObject({ success: false, reason: 'locked' });
    const forced = bodyOf(await callOp(assignProdShooting, { shooting_id: id, tech_id: tech.id, force_assigned: true }, token));
    expect(forced.success).toBe(true);
    expect((await getShootingItem(id))?.force_assigned).toBe(true);
  });

  it('refuses bad input with field errors and is closed to brokers', async () => {
    const { token } = await tokenFor(Role.admin);
    const bad = errorOf(await callOp(dispatchShooting, { date: 'tomorrow', shooting_ids: [] }, token), 400);
    expect(Object.keys(bad.fields ?? {}).sort()).toEqual(['date', 'shooting_ids']);
    const broker = await tokenFor(Role.broker);
    expect((await callOp(dispatchShooting, { date: quietDay(), shooting_ids: [1] }, broker.token)).status).toBe(403);
  });
});

/**
 * A shooting whose technician does not work that day (here suspended after it was assigned to
 * them) shows in the board's unassigned column, selected for the dispatch: the dispatch takes it
 * like an unassigned one, never over a hand assignment or onto a locked day (docs/decisions/0595).
 */
describe('dispatchShooting and the shootings of a technician not working that day (ADR 0595)', () => {
  /** A capture technician who held shootings and has since been suspended. */
  async function suspendedTech(): Promise<number> {
    const id = await newUserId();
    const at = new Date().toISOString();
    await insertUser({ id, role: Role.tech_capture, email: `susp-tech${id}@test.example`, firstname: 'Suspendu', lastname: `Tech${id}`, suspended: true, password_hash: 'not-a-login', created_at: at, updated_at: at });
    return id;
  }
  /** Books a shooting and gives it (forced, as it was before the suspension) to `techId`. */
  async function heldBy(techId: number, address: string, date: string, am: boolean): Promise<number> {
    const id = await bookId(address, date, am);
    await transact([assignShooting((await getShootingItem(id))!, techId, true)]);
    return id;
  }

  it('assigns it to a working technician (unforced, with its leg), and answers a reason for each requested shooting it does not assign', async () => {
    const date = ownDay();
    const suspended = await suspendedTech();
    const stranded = await heldBy(suspended, '4500 Rue Saint-Denis', date, true);
    const { token } = await tokenFor(Role.admin);
    const before = bodyOf(await callOp(dailyShootingActivity, { date }, token));
    expect(before.scheduledTechs.map((t) => t.id)).not.toContain(suspended);
    expect(unassignedOnBoard(before.shootings, before.scheduledTechs).map((s) => s.id)).toContain(stranded);
    // Assigned by hand to a working technician since the board was read: requested, not dispatched, said why.
    const taken = await bookId('1200 Avenue Cartier', date, false);
    const working = before.scheduledTechs[0]!.id;
    expect(bodyOf(await callOp(assignProdShooting, { shooting_id: taken, tech_id: working, force_assigned: true }, token)).success).toBe(true);

    const res = bodyOf(await callOp(dispatchShooting, { date, shooting_ids: [stranded, taken] }, token));
    expect(res).toMatchObject({ shootingDispatched: 1, shootingRequested: 2, userDispatched: 1 });
    expect(res.unserved).toEqual([{ shootingId: taken, reason: 'changed_meanwhile' }]);
    const after = (await getShootingItem(stranded))!;
    expect(before.scheduledTechs.map((t) => t.id)).toContain(after.tech_id);
    expect(after.force_assigned).toBe(false);
    expect(after.distance).not.toBeNull();
    expect((await getShootingItem(taken))?.tech_id).toBe(working);
    const board = bodyOf(await callOp(dailyShootingActivity, { date }, token));
    expect(unassignedOnBoard(board.shootings, board.scheduledTechs).map((s) => s.id)).not.toContain(stranded);
  });

  it("is a job of the exported day that the working technicians may serve, as the dispatch would take it; a working technician's shooting stays theirs", async () => {
    const date = ownDay();
    const suspended = await suspendedTech();
    const stranded = await heldBy(suspended, '4500 Rue Saint-Denis', date, true);
    const kept = await bookId('6000 Boulevard Saint-Laurent', date, false);
    const { token } = await tokenFor(Role.admin);
    const working = bodyOf(await callOp(dailyShootingActivity, { date }, token)).scheduledTechs[0]!.id;
    expect(bodyOf(await callOp(assignProdShooting, { shooting_id: kept, tech_id: working, force_assigned: true }, token)).success).toBe(true);

    const problem = bodyOf(await callOp(exportPlanningDay, { date }, token));
    expect(problem.jobs.map((j) => j.id)).toEqual(expect.arrayContaining([stranded, kept]));
    // Who may serve a job: the vehicles holding its skill (dayToVroom).
    const servers = (id: number) => {
      const skill = problem.jobs.find((j) => j.id === id)!.skills![0]!;
      return problem.vehicles.filter((v) => v.skills?.includes(skill)).map((v) => v.id);
    };
    expect(servers(kept)).toEqual([working]);
    expect(problem.vehicles.map((v) => v.id)).not.toContain(suspended);
    expect(servers(stranded).length).toBeGreaterThan(0);
  });

  it('never overwrites a hand assignment made while it ran, nor assigns onto a day locked meanwhile: the shooting stays as it was', async () => {
    const date = ownDay();
    const suspended = await suspendedTech();
    const handled = await heldBy(suspended, '800 Boulevard René-Lévesque Ouest', date, true);
    const locked = await heldBy(suspended, '6000 Boulevard Saint-Laurent', date, false);
    const loaded = await loadDay({ date, shooting_ids: [handled, locked] });
    expect(loaded.requested.sort()).toEqual([handled, locked].sort());
    const solved = await solve(loaded);
    const plannedFor = (id: number) => solved.outcome.assignments.find((a) => a.shootingId === id)!.techId;
    const other = loaded.problem.technicians.find((t) => t.id !== plannedFor(handled))!;

    const { token } = await tokenFor(Role.admin);
    expect(bodyOf(await callOp(assignProdShooting, { shooting_id: handled, tech_id: other.id, force_assigned: true }, token)).success).toBe(true);
    await lockDay(date, plannedFor(locked));
    const untouched = (await getShootingItem(locked))!;

    const result = await apply(solved);
    expect(result.shootingDispatched).toBe(0);
    expect(result.unserved).toEqual(expect.arrayContaining([
      { shootingId: handled, reason: 'changed_meanwhile' },
      { shootingId: locked, reason: 'changed_meanwhile' },
    ]));
    expect((await getShootingItem(handled))?.tech_id).toBe(other.id);
    expect(await getShootingItem(locked)).toMatchObject({ tech_id: suspended, force_assigned: true, version: untouched.version });
  });
});
