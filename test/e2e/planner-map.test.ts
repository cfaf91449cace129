import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { ownStack } from '../support/provided.ts';
import { createSession } from '#functions/plumbing/sessions.ts';
import { addAvailabilities } from '#functions/storage/availabilities.ts';
import { insertListing } from '#functions/storage/listings.ts';
import { insertShooting, newShootingId } from '#functions/storage/shootings.ts';
import { insertUser, newUserId } from '#functions/storage/users.ts';
import { exportPlanningDay, getPlannerMap } from '#shared/catalogue/planner.ts';
import { ShootingState } from '#shared/enums.ts';
import type { VroomSolution } from '#shared/planning/index.ts';
import { Role } from '#shared/roles.ts';
import { daysBetween, localDateOf } from '#shared/rules/business-time.ts';
import { formatDay } from '../../web/src/i18n/format.ts';
import { tokenFor } from '../support/api.ts';
import { bodyOf, callOp } from '../support/operations.ts';
import { useBrowser } from './browser.ts';
import { BROWSER_LOCALE, loginAs, ownDay, textsIn } from './fixtures.ts';

/**
 * Part 2 'Shooting planner', 'Map' and 'export day', as a dispatcher uses them: on a day of the
 * test's own, a technician of the test's own holds three shootings around Québec; the map modal
 * shows the available technicians (legend) over the map, with that technician's route line from the
 * travel provider through the three shootings and back; 'export day' downloads the day as a VROOM
 * problem that `npm run solve` solves, the three shootings served by that technician.
 */
const baseUrl = ownStack().baseUrl;
const browser = useBrowser(baseUrl);
const date = ownDay();
const DAYS_AHEAD = daysBetween(localDateOf(Date.now()), date);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const tech = { id: 0, name: '' };
const shootingIds: number[] = [];

beforeAll(async () => {
  tech.id = await newUserId();
  tech.name = `Carte Route${tech.id}`;
  const at = new Date().toISOString();
  await insertUser({
    id: tech.id,
    role: Role.tech_capture,
    email: `map${tech.id}@test.example`,
    firstname: 'Carte',
    lastname: `Route${tech.id}`,
    password_hash: 'not-a-login',
    home: { lat: 46.81, lng: -71.22, address: '1 rue du Départ, Québec' },
    created_at: at,
    updated_at: at,
  });
  await addAvailabilities([tech.id], [date]);
  const stops = [
    { lat: 46.78, lng: -71.28, am: true },
    { lat: 46.84, lng: -71.25, am: true },
    { lat: 46.86, lng: -71.18, am: false },
  ];
  for (const [k, stop] of stops.entries()) {
    const listing = await insertListing({
      address: `${tech.id}${k} rue de la Carte`,
      app: '',
      city: 'Québec',
      postalcode: 'G1R 2B2',
      room_count: 4,
      is_house: true,
      is_existing_listing: false,
      lat: stop.lat,
      lng: stop.lng,
      state: 1,
      picture_url: null,
      mls: null,
      broker_id: 999_996,
      broker: { firstname: 'Map', lastname: 'Broker' },
      distribution_token: null,
    });
    const id = await newShootingId();
    shootingIds.push(id);
    await insertShooting(
      { id, listing_id: listing.id, broker_id: 999_996, scheduleddate: date, am: stop.am, is_confirmed: true, state: ShootingState.confirmed, estimated_duration: 3600, room_count: 4, tech_id: tech.id, created_at: at, updated_at: at },
      { lat: stop.lat, lng: stop.lng, reserved_tech_id: null },
    );
  }
});

describe('getPlannerMap', () => {
  it("draws the technician's route from their start through their shootings in route order and back", async () => {
    const admin = (await tokenFor(Role.admin)).token;
    const map = bodyOf(await callOp(getPlannerMap, { date }, admin));
    const mine = map.techs.find((t) => t.tech_id === tech.id)!;
    expect(mine.start).toEqual({ lat: 46.81, lng: -71.22 });
    expect([...mine.route].sort()).toEqual([...shootingIds].sort());
    // Offline: straight legs from home through the three shootings and back home.
    expect(mine.approximate).toBe(true);
    const where = new Map(map.shootings.map((s) => [s.id, [s.lng, s.lat]]));
    expect(mine.line).toEqual([[-71.22, 46.81], ...mine.route.map((id) => where.get(id)), [-71.22, 46.81]]);
    for (const id of shootingIds) expect(map.shootings.find((s) => s.id === id)?.tech_id).toBe(tech.id);
  });

  it('is for the planner roles only', async () => {
    const { token } = await createSession({ id: tech.id, firstname: 'Carte', lastname: `Route${tech.id}`, email: `map${tech.id}@test.example`, role: Role.tech_capture });
    expect((await callOp(getPlannerMap, { date }, token)).status).toBe(403);
    expect((await callOp(exportPlanningDay, { date }, token)).status).toBe(403);
  });
});

describe.each(['fr', 'en'] as const)('planner map and export day in %s', (lang) => {
  const tx = textsIn(lang);

  it('opens the map with the available technicians, then exports the day, which `npm run solve` solves', async () => {
    const { page } = await browser.visit({ locale: BROWSER_LOCALE[lang], timezoneId: 'America/Toronto', viewport: { width: 1400, height: 1000 }, acceptDownloads: true });
    await loginAs(page, Role.admin, lang);
    await page.waitForURL((url) => url.pathname === '/shooting');
    for (let k = 0; k < DAYS_AHEAD; k++) await page.getByRole('button', { name: tx('planner.next_day') }).click();
    await page.getByTestId('planner-summary').filter({ hasText: formatDay(date, lang) }).waitFor();

    await page.getByRole('button', { name: tx('plannermap.open'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: tx('plannermap.title', { date: formatDay(date, lang) }) });
    await dialog.waitFor();
    const legend = dialog.getByTestId('planner-map-legend');
    await legend.getByText(tx('plannermap.tech_line', { name: tech.name, count: 3 }), { exact: true }).waitFor();
    // The map itself: maplibre's canvas, named, drawn at zoom 7 over the offline basemap.
    const canvas = dialog.locator(`canvas[aria-label="${tx('plannermap.map_label')}"]`);
    await canvas.waitFor();
    expect((await canvas.boundingBox())!.height).toBeGreaterThan(200);
    // maplibre's zoom buttons, named in the page's language.
    await dialog.getByRole('button', { name: tx('common.map.zoom_in'), exact: true }).waitFor();
    await dialog.getByRole('button', { name: tx('common.map.zoom_out'), exact: true }).waitFor();
    await dialog.getByText(tx('plannermap.approximate')).waitFor();
    // Every technician of the planner's cards is in the legend.
    const admin = (await tokenFor(Role.admin)).token;
    const map = bodyOf(await callOp(getPlannerMap, { date }, admin));
    expect(await legend.getByRole('listitem').count()).toBe(map.techs.length);
    // The day in one line, each count in the singular or plural it takes ('1 dépôt', '3 captures').
    const techIds = new Set(map.techs.map((x) => x.tech_id));
    const summary = tx('plannermap.summary', {
      shootings: tx('plannermap.shooting_count', { count: map.shootings.length }),
      unassigned: tx('plannermap.unassigned_count', { count: map.shootings.filter((s) => s.tech_id === null || !techIds.has(s.tech_id)).length }),
      depots: tx('plannermap.depot_count', { count: map.depots.length }),
    });
    await dialog.getByText(summary, { exact: true }).waitFor();
    expect(summary).not.toContain('(s)');
    await dialog.getByRole('button', { name: tx('plannermap.close') }).click();
    await dialog.waitFor({ state: 'detached' });

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: tx('plannermap.export') }).click()]);
    expect(download.suggestedFilename()).toBe(`planning-${date}.vroom.json`);
    const file = await download.path();
    const problem = JSON.parse(await readFile(file, 'utf8')) as { vehicles: Array<{ id: number }>; jobs: Array<{ id: number }> };
    expect(problem.vehicles.map((v) => v.id)).toContain(tech.id);
    for (const id of shootingIds) expect(problem.jobs.map((j) => j.id)).toContain(id);

    const { stdout } = await promisify(execFile)(process.execPath, ['scripts/solve-bundled.mjs', file, '--budget', '0.2'], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 });
    const solution = JSON.parse(stdout) as VroomSolution;
    expect(solution.code).toBe(0);
    const served = new Map(solution.routes!.flatMap((r) => r.steps.filter((s) => s.type === 'job').map((s) => [s.id!, r.vehicle] as const)));
    for (const id of shootingIds) expect(served.get(id)).toBe(tech.id);
    expect(served.size + solution.unassigned!.length).toBe(problem.jobs.length);
  });
});
