import '../local/quiet-sdk.ts';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { ENV } from '#shared/data/design.ts';
import { ShootingState, ZoneType } from '#shared/enums.ts';
import { addDays, dayStartMs, localDateOf } from '#shared/rules/business-time.ts';
import { Role } from '#shared/roles.ts';
import { DEMO_PASSWORD, demoAccount } from '../local/demo-accounts.ts';
import { ROOT } from '../local/stack.ts';
import { startHelper } from '../local/helper-process.ts';
import { fmt } from './stats.ts';

/**
 * npm run bench:planner — the planner's day with 300 shootings and 66 available technicians
 * (issue 11, docs/decisions/0265): seeds the day through the storage modules on a day of its own
 * (well past the demo data), opens /shooting on it in Chromium and prints
 *  - the time to a usable board (every technician card and the whole unassigned column rendered,
 *    which the page does once the board and the route figures have both answered), the long
 *    tasks while loading, and the API's share of that time (the operations' request times from the
 *    page's network events, overlapping requests counted once);
 *  - responsiveness while dragging a shooting with the keyboard across every technician: frame
 *    intervals (requestAnimationFrame), long tasks (PerformanceObserver 'longtask'), key-to-frame
 *    latency of each arrow key, and the time from the drop to the card showing on its technician.
 * Prints figures; asserts nothing. Runs alone or from `npm run bench` (stack given).
 */
const SHOOTINGS = Number(process.env.BENCH_PLANNER_SHOOTINGS ?? 300);
const TECHS = Number(process.env.BENCH_PLANNER_TECHS ?? 66);
/** Shootings each technician holds (the rest wait in the unassigned column). */
const HELD_PER_TECH = 3;
const DRAGS = Number(process.env.BENCH_PLANNER_DRAGS ?? 2);
/** BENCH_PLANNER_PROFILE=1: an unminified build, and the functions taking most CPU during the first load and the first drag. */
const PROFILE = process.env.BENCH_PLANNER_PROFILE === '1';
/** Far past the demo data (availabilities run about a month ahead): the bench owns this day. */
const DAYS_AHEAD = 180;

interface StackInfo {
  url: string;
  dynamoEndpoint: string;
  tableName: string;
}

/** A small deterministic PRNG (mulberry32), so every run seeds the same day. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST_NAMES = ['Alexis', 'Camille', 'Dominique', 'Émilie', 'Félix', 'Gabriel', 'Hugo', 'Jade', 'Léa', 'Louis', 'Maude', 'Noah', 'Rosalie', 'Samuel', 'Thomas', 'Zoé'];
const LAST_NAMES = ['Tremblay', 'Gagnon', 'Roy', 'Côté', 'Bouchard', 'Gauthier', 'Morin', 'Lavoie', 'Fortin', 'Gagné', 'Ouellet', 'Pelletier', 'Bélanger', 'Lévesque'];
const STREETS = ['Rue Saint-Denis', 'Boulevard Saint-Laurent', 'Avenue du Parc', 'Rue Sherbrooke Est', 'Rue Beaubien Est', 'Boulevard Rosemont', 'Rue Jean-Talon Ouest', 'Avenue Papineau', 'Rue Fleury Est', 'Boulevard Décarie'];

/**
 * The bench's day: technicians added to the demo's capture technicians up to `TECHS`, every one of
 * them available that day; `SHOOTINGS` booked shootings around Montréal, three timed ones held by
 * each technician (08:00, 11:00, 14:00) and the others unassigned (morning or afternoon, no time).
 */
export async function seedDay(date: string): Promise<{ techIds: number[]; unassigned: number }> {
  const { insertUser, newUserId } = await import('#functions/storage/users.ts');
  const { captureTechnicians } = await import('#functions/use-cases/planning-world.ts');
  const { listZones } = await import('#functions/storage/zones.ts');
  const { listDepots } = await import('#functions/storage/depots.ts');
  const { addAvailabilities } = await import('#functions/storage/availabilities.ts');
  const { insertListing } = await import('#functions/storage/listings.ts');
  const { insertShooting, newShootingId } = await import('#functions/storage/shootings.ts');
  const { addToHalfDay } = await import('#functions/storage/half-day.ts');
  const { hashPassword } = await import('#functions/plumbing/passwords.ts');
  const { estimateServiceTime } = await import('#shared/rules/service-time.ts');
  const { requiredOffers } = await import('#shared/rules/booking-offers.ts');
  const { PLANNING_BROKERS } = await import('../local/seed/planning-world.ts');

  const rand = prng(11);
  const now = new Date();
  const at = now.toISOString();
  const zones = (await listZones(ZoneType.photoshoot)).map((z) => z.id);
  const depots = (await listDepots()).map((d) => d.id);
  // Only technicians the board can show: those with a start (home or depot), by the board's own
  // rule. The users bench writes thousands of bare technicians (no depot, which the user form
  // requires), and counting them made the page wait for 1,679 cards it never draws.
  const existing = (await captureTechnicians()).filter((t) => t.start).map((t) => t.user.id);
  const passwordHash = await hashPassword(`${DEMO_PASSWORD}-bench`);
  const techIds = [...existing];
  for (let i = 0; techIds.length < TECHS; i++) {
    const id = await newUserId();
    const firstname = FIRST_NAMES[i % FIRST_NAMES.length]!;
    const lastname = `${LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length]!}-${i + 1}`;
    await insertUser({
      id,
      firstname,
      lastname,
      email: `bench.tech.${i + 1}@demo.immo.test`,
      role: Role.tech_capture,
      zone_id: zones[i % zones.length]!,
      backupZones: [],
      depot_id: depots[i % depots.length]!,
      home: { address: `${100 + i} ${STREETS[i % STREETS.length]!}, Montréal`, lat: 45.45 + rand() * 0.2, lng: -73.75 + rand() * 0.25 },
      service_offers: requiredOffers(false),
      shooting_packages: [1, 2, 3],
      freelance: i % 9 === 0,
      password_hash: passwordHash,
      created_at: at,
      updated_at: at,
    });
    techIds.push(id);
  }
  await addAvailabilities(techIds, [date], at);

  let unassigned = 0;
  const book = async (i: number, rand: () => number) => {
    const broker = PLANNING_BROKERS[i % PLANNING_BROKERS.length]!;
    const rooms = 4 + Math.floor(rand() * 8);
    const house = rand() < 0.4;
    const lat = 45.42 + rand() * 0.3;
    const lng = -73.85 + rand() * 0.45;
    const listing = await insertListing(
      {
        address: `${1000 + i} ${STREETS[i % STREETS.length]!}`,
        app: '',
        city: 'Montréal',
        postalcode: 'H2X 1Y4',
        room_count: rooms,
        is_house: house,
        is_existing_listing: false,
        lat,
        lng,
        state: 0,
        picture_url: null,
        mls: null,
        broker_id: broker.id,
        broker: { firstname: broker.firstname, lastname: broker.lastname },
        distribution_token: null,
        shootingdate: date,
      },
      now,
    );
    // The first HELD_PER_TECH × technicians shootings go round the technicians, at 08:00, 11:00 and 14:00.
    const slot = Math.floor(i / techIds.length);
    const tech = slot < HELD_PER_TECH ? techIds[i % techIds.length]! : null;
    const duration = estimateServiceTime({ roomCount: rooms, isHouse: house, only360: false }).seconds;
    const start = tech === null ? null : dayStartMs(date) + (8 + slot * 3) * 3_600_000;
    const am = start === null ? rand() < 0.5 : slot === 0;
    if (tech === null) unassigned++;
    const id = await newShootingId();
    await insertShooting(
      {
        id,
        listing_id: listing.id,
        broker_id: broker.id,
        scheduleddate: date,
        am,
        is_confirmed: tech !== null,
        state: tech === null ? ShootingState.unconfirmed : ShootingState.confirmed,
        starttime: start === null ? null : new Date(start).toISOString(),
        endtime: start === null ? null : new Date(start + duration * 1000).toISOString(),
        estimated_duration: duration,
        room_count: rooms,
        note: '',
        tech_id: tech,
        service_offers: requiredOffers(false),
        created_at: at,
        updated_at: at,
      },
      { lat, lng, reserved_tech_id: null },
    );
    await addToHalfDay(date, am, id);
  };
  // Ten at a time (each shooting draws from a PRNG of its own, so the day is the same whatever the order).
  for (let i = 0; i < SHOOTINGS; i += 10) await Promise.all(Array.from({ length: Math.min(10, SHOOTINGS - i) }, (_, k) => book(i + k, prng(1000 + i + k))));
  return { techIds, unassigned };
}

interface ApiRequest {
  op: string;
  start: number;
  end: number;
}

/** The time covered by the requests' intervals within [0, until] (overlaps counted once). */
function covered(requests: readonly ApiRequest[], until: number): number {
  const spans = requests.map((r) => [Math.max(0, r.start), Math.min(until, r.end)] as const).filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0]);
  let total = 0;
  let [from, to] = spans[0] ?? [0, 0];
  for (const [a, b] of spans) {
    if (a > to) {
      total += to - from;
      [from, to] = [a, b];
    } else to = Math.max(to, b);
  }
  return total + (to - from);
}

function quantiles(values: readonly number[]): { p50: number; p95: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
  return { p50: q(0.5), p95: q(0.95), max: sorted.at(-1) ?? NaN };
}

// Page scripts are strings, not functions: tsx's transform would add helpers the page does not have.
const RECORDERS = `(() => {
  window.__longTasks = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration }); }).observe({ type: 'longtask', buffered: true });
})()`;

/**
 * The board is usable: every technician's zone, the unassigned column's cards, and every part of
 * the board in view built (a busy day's board builds the rest as it scrolls, docs/decisions/0310).
 * Checked on every frame by the page itself (an init script: the app's CSP forbids the eval that
 * page.waitForFunction would use), which stamps the moment in `window.__usable`.
 */
const usableWatcher = (techs: number, unassigned: number) => `(() => {
  const inView = (e) => { const r = e.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight; };
  const check = () => {
    const cards = document.querySelectorAll('section[data-tech-id]').length;
    const waiting = () => document.querySelectorAll('[data-testid="unassigned-column"] li[data-shooting-id]').length;
    // A busy day's board is built as it scrolls (docs/decisions/0310): nothing in view may be waiting to be built.
    // Asked last, once the rest is there: it measures the page (a layout), which the watcher must not force on every frame (docs/decisions/0340).
    const pending = () => [...document.querySelectorAll('[data-pending]')].some(inView);
    if (cards >= ${techs} && waiting() >= Math.min(${unassigned}, 1) && !pending()) window.__usable = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})()`;

/**
 * The app's start in order: the document, each script and API request (start–end, ms from
 * navigation) and the first paint, so the chain before the day's reads can be read (ADR 0350).
 */
async function waterfall(page: Page, usable: number): Promise<string> {
  const entries = await page.evaluate<Array<{ name: string; start: number; end: number }>>(`[
    ...performance.getEntriesByType('navigation').map((e) => ({ name: 'document', start: e.startTime, end: e.responseEnd })),
    ...performance.getEntriesByType('resource').filter((e) => /\\.js$|\\/api\\//.test(e.name)).map((e) => ({ name: new URL(e.name).pathname.replace(/^\\/assets\\//, ''), start: e.startTime, end: e.responseEnd })),
    ...performance.getEntriesByType('paint').map((e) => ({ name: e.name, start: e.startTime, end: e.startTime })),
  ]`);
  return entries
    .filter((e) => e.start < usable)
    .sort((a, b) => a.start - b.start)
    .map((e) => `${e.name} ${fmt(e.start, 0)}–${fmt(e.end, 0)}`)
    .join(', ');
}

/** Polls a page expression until it is truthy. */
async function until<T>(page: Page, expression: string, timeoutMs = 120_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await page.evaluate<T>(expression);
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${expression}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** One key of a drag: its latency to the next frame, the page's scroll it caused (px), the board's parts it had built. */
interface StepDetail {
  key: string;
  ms: number;
  scrolled: number;
  built: number;
}

interface DragFigures {
  stepsDetail: StepDetail[];
  frames: number[];
  longTasks: number[];
  keyLatency: number[];
  dropToCard: number;
  steps: number;
}

/**
 * Picks an unassigned shooting up with the keyboard, steps down through every technician (and
 * back up to the nearest free one), drops it and waits for its card on that technician.
 */
async function keyboardDrag(page: Page, shootingId: number): Promise<DragFigures> {
  await page.evaluate(`(() => {
    window.__frames = []; window.__keys = []; window.__dragTasks = []; window.__recording = true;
    const since = performance.now();
    window.__dragObserver = new PerformanceObserver((list) => { for (const e of list.getEntries()) if (e.startTime >= since) window.__dragTasks.push(e.duration); });
    window.__dragObserver.observe({ type: 'longtask' });
    let last = performance.now();
    const tick = (now) => { window.__frames.push(now - last); last = now; if (window.__recording) requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
    // Each arrow key: its latency, whether it scrolled the page, and how many parts of the board it had built (docs/decisions/0375).
    const pending = () => document.querySelectorAll('[data-pending]').length;
    window.__steps = [];
    window.__onKey = (e) => {
      const t = performance.now(), y = scrollY, before = pending();
      requestAnimationFrame(() => setTimeout(() => {
        const ms = performance.now() - t;
        window.__keys.push(ms);
        window.__steps.push({ key: e.code, ms, scrolled: Math.round(scrollY - y), built: before - pending() });
      }, 0));
    };
    document.addEventListener('keydown', window.__onKey, true);
  })()`);
  // The drag handle: the card's one element with a role description (in the page's language, so not matched by its words).
  const handle = page.locator(`li[data-shooting-id="${shootingId}"] [aria-roledescription]`);
  await handle.focus();
  await page.keyboard.press('Space');
  await page.locator('[data-drop-tone]').first().waitFor();
  const cards = page.locator('section[data-tech-id]');
  const count = await cards.count();
  let steps = 0;
  for (let i = 0; i < count; i++, steps++) await page.keyboard.press('ArrowDown');
  // On the last technician now: back up to the nearest one the shooting fits (green).
  let index = count - 1;
  while (index > 0 && (await cards.nth(index).getAttribute('data-drop-tone')) !== 'free') {
    await page.keyboard.press('ArrowUp');
    index--;
    steps++;
  }
  const techId = await cards.nth(index).getAttribute('data-tech-id');
  // The drop is stamped by the key's own listener; the page watches for the card on every frame.
  await page.evaluate(`(() => {
    window.__landed = undefined;
    document.addEventListener('keydown', () => { window.__drop = performance.now(); }, { capture: true, once: true });
    const check = () => {
      if (document.querySelector('section[data-tech-id="${techId}"] li[data-shooting-id="${shootingId}"]')) window.__landed = performance.now();
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })()`);
  await page.keyboard.press('Space');
  await until(page, 'window.__landed');
  const figures = await page.evaluate<{ frames: number[]; longTasks: number[]; keyLatency: number[]; dropToCard: number; stepsDetail: StepDetail[] }>(`(() => {
    window.__recording = false;
    window.__dragObserver.disconnect();
    document.removeEventListener('keydown', window.__onKey, true);
    return { frames: window.__frames.slice(1), longTasks: window.__dragTasks, keyLatency: window.__keys, dropToCard: window.__landed - window.__drop, stepsDetail: window.__steps };
  })()`);
  return { ...figures, steps };
}

interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }>;
  samples?: number[];
  timeDeltas?: number[];
}

/** The functions with the most self time in a CPU profile (BENCH_PLANNER_PROFILE). */
function printProfile(profile: CpuProfile, what: string): void {
  const self = new Map<string, number>();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  (profile.samples ?? []).forEach((id, i) => {
    const frame = byId.get(id)!.callFrame;
    const key = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas?.[i] ?? 0) / 1000);
  });
  console.log(`CPU self time, ${what} (top 25):`);
  for (const [key, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${fmt(ms, 0).padStart(7)} ms  ${key}`);
  // Total time (self and callees, each function counted once per sample): where the work starts from.
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const total = new Map<string, number>();
  (profile.samples ?? []).forEach((id, i) => {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!.callFrame;
      if (!frame.functionName || frame.functionName.startsWith('(')) continue;
      const key = `${frame.functionName} ${frame.url.split('/').pop()}:${frame.lineNumber + 1}`;
      if (seen.has(key)) continue;
      seen.add(key);
      total.set(key, (total.get(key) ?? 0) + (profile.timeDeltas?.[i] ?? 0) / 1000);
    }
  });
  console.log(`CPU total time, ${what} (top 40):`);
  for (const [key, ms] of [...total].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`  ${fmt(ms, 0).padStart(7)} ms  ${key}`);
}

/** Opens the planner on `date`, measures the load, then `DRAGS` keyboard drags. */
/**
 * A fixed piece of CPU work (ms): printed beside the figures, so runs on a machine shared with other
 * work can be compared by their ratio to it (docs/decisions/0310).
 */
function cpuProbe(): number {
  const t = performance.now();
  let x = 0;
  for (let i = 0; i < 30_000_000; i++) x = (x + i * 31) % 1_000_003;
  if (x < 0) console.log(x);
  return performance.now() - t;
}

/** The day's two reads timed in this process (no HTTP, no browser): median of three each. */
async function serverSide(date: string): Promise<void> {
  const { plannerBoard } = await import('#functions/use-cases/planner-board.ts');
  const { dayFigures } = await import('#functions/use-cases/route-figures.ts');
  const timed = async (read: () => Promise<unknown>) => {
    const ms: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      await read();
      ms.push(performance.now() - t);
    }
    return quantiles(ms).p50;
  };
  const probe = cpuProbe();
  const board = await timed(() => plannerBoard(date));
  const figures = await timed(() => dayFigures(date));
  console.log(`Server side, in process (median of 3): board ${fmt(board, 0)} ms, figures ${fmt(figures, 0)} ms; CPU probe ${fmt(probe, 0)} ms (load ${loadAverage()}).`);
  PROBE.ms = probe;
}

const PROBE = { ms: NaN };
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

export async function plannerBoardBench(info: StackInfo): Promise<void> {
  process.env[ENV.dynamoEndpoint] = info.dynamoEndpoint;
  process.env[ENV.tableName] = info.tableName;
  process.env[ENV.localMode] = '1';
  const date = addDays(localDateOf(Date.now()), DAYS_AHEAD);
  const t0 = performance.now();
  const { techIds, unassigned } = await seedDay(date);
  console.log(`\nPlanner board: seeded ${SHOOTINGS} shootings (${SHOOTINGS - unassigned} held by technicians, ${unassigned} unassigned) and ${techIds.length} available technicians on ${date} in ${fmt((performance.now() - t0) / 1000, 1)} s.`);

  await serverSide(date);

  const admin = demoAccount(Role.admin);
  const login = await fetch(`${info.url}/api/session/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: admin.email, password: DEMO_PASSWORD }) });
  const { token } = (await login.json()) as { token: string };
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const loads: Array<Record<string, string>> = [];
    let page: Page | undefined;
    // Twice: a first visit (nothing cached) and a second one (the app's files cached by the browser).
    // The page opens on the bench's day as the calendar's 'manage shoots' link does it (route state;
    // keyed as TanStack Router's history expects, or it would replace it).
    const context = await browser.newContext({ baseURL: info.url, locale: 'fr-CA', viewport: { width: 1440, height: 1000 } });
    await context.addInitScript(`localStorage.setItem('immo.session.token', ${JSON.stringify(token)});
      if (location.pathname === '/shooting') history.replaceState({ __TSR_index: 0, key: 'bench', __TSR_key: 'bench', date: ${JSON.stringify(date)} }, '');`);
    await context.addInitScript(RECORDERS);
    await context.addInitScript(usableWatcher(techIds.length, unassigned));
    for (const visit of ['first visit', 'second visit']) {
      await page?.close();
      page = await context.newPage();
      page.setDefaultTimeout(120_000);
      const requests: Array<{ op: string; startEpoch: number; end: number }> = [];
      page.on('requestfinished', (request) => {
        const url = new URL(request.url());
        if (!url.pathname.startsWith('/api/')) return;
        const timing = request.timing();
        if (timing.responseEnd < 0) return; // no timing (served from a cache)
        requests.push({ op: `${request.method()} ${url.pathname}`, startEpoch: timing.startTime, end: timing.responseEnd });
      });
      const profiler = PROFILE && visit === 'first visit' ? await context.newCDPSession(page) : undefined;
      await profiler?.send('Profiler.enable');
      await profiler?.send('Profiler.start');
      await page.goto('/shooting');
      await until(page, 'window.__usable').catch(async (error: Error) => {
        const seen = await page!.evaluate<string>(`[document.querySelector('[data-testid="planner-summary"]')?.textContent, document.querySelectorAll('section[data-tech-id]').length, document.querySelectorAll('[data-testid="unassigned-column"] li').length].join(' | ')`);
        throw new Error(`${error.message}; the page shows: ${seen}`);
      });
      const { origin, usable, tasks } = await page.evaluate<{ origin: number; usable: number; tasks: Array<{ start: number; duration: number }> }>(
        `({ origin: performance.timeOrigin, usable: window.__usable, tasks: window.__longTasks })`,
      );
      if (profiler) printProfile((await profiler.send('Profiler.stop')).profile, 'first load');
      const summary = (await page.getByTestId('planner-summary').textContent()) ?? '';
      const api: ApiRequest[] = requests.map((r) => ({ op: r.op, start: r.startEpoch - origin, end: r.startEpoch - origin + r.end }));
      const share = covered(api, usable);
      const loadTasks = tasks.filter((x) => x.start < usable);
      // The load in three parts: the app starting (until the day's first read leaves), the reads, the board's build after the last one.
      const dayReads = api.filter((r) => /\/api\/planner\/(day|figures)$/.test(r.op) && r.start < usable);
      const readsStart = Math.min(...dayReads.map((r) => r.start));
      const readsEnd = Math.max(...dayReads.map((r) => r.end));
      loads.push({
        visit,
        load: loadAverage().split(' ')[0]!,
        'usable ms': fmt(usable, 0),
        'app start ms': fmt(readsStart, 0),
        'API ms (union)': fmt(share, 0),
        'API share': `${fmt((100 * share) / usable, 0)} %`,
        'build after ms': fmt(usable - readsEnd, 0),
        'board GET ms': fmt(Math.max(...api.filter((r) => r.op.endsWith('/api/planner/day')).map((r) => r.end - r.start)), 0),
        'figures GET ms': fmt(Math.max(...api.filter((r) => r.op.endsWith('/api/planner/figures')).map((r) => r.end - r.start)), 0),
        'long tasks': String(loadTasks.length),
        'longest task ms': fmt(Math.max(0, ...loadTasks.map((x) => x.duration)), 0),
        'long tasks total ms': fmt(loadTasks.reduce((s, x) => s + x.duration, 0), 0),
      });
      if (visit === 'first visit') console.log(`The page says: "${summary.trim()}"; API requests before usable: ${api.filter((r) => r.start < usable).map((r) => `${r.op} ${fmt(r.end - r.start, 0)} ms`).join(', ')}`);
      console.log(`${visit}, what loads before usable (ms from navigation; docs/decisions/0350): ${await waterfall(page, usable)}`);
    }
    console.log(`\nPlanner board (/shooting), ${SHOOTINGS} shootings, ${techIds.length} technicians: time from navigation to a usable board`);
    console.table(loads);

    const drags: DragFigures[] = [];
    const waiting = await page!.locator('[data-testid="unassigned-column"] li[data-shooting-id]').evaluateAll((items) => items.map((li) => Number(li.getAttribute('data-shooting-id'))));
    for (const [i, id] of waiting.slice(0, DRAGS).entries()) {
      const profiler = PROFILE && i === 0 ? await context.newCDPSession(page!) : undefined;
      await profiler?.send('Profiler.enable');
      await profiler?.send('Profiler.start');
      drags.push(await keyboardDrag(page!, id));
      if (profiler) printProfile((await profiler.send('Profiler.stop')).profile, 'first keyboard drag');
    }
    const frames = quantiles(drags.flatMap((d) => d.frames));
    const keys = quantiles(drags.flatMap((d) => d.keyLatency));
    const tasks = drags.flatMap((d) => d.longTasks);
    const drops = quantiles(drags.map((d) => d.dropToCard));
    console.log(`\nKeyboard drags (${drags.length}, ${drags.map((d) => d.steps).join('/')} arrow steps across the technicians), from pick-up to the card on its technician:`);
    console.table({
      'frame interval': { 'p50 ms': fmt(frames.p50), 'p95 ms': fmt(frames.p95), 'max ms': fmt(frames.max), samples: String(drags.reduce((s, d) => s + d.frames.length, 0)) },
      'arrow key → next frame': { 'p50 ms': fmt(keys.p50), 'p95 ms': fmt(keys.p95), 'max ms': fmt(keys.max), samples: String(drags.reduce((s, d) => s + d.keyLatency.length, 0)) },
      'drop → card on its technician': { 'p50 ms': fmt(drops.p50), 'p95 ms': fmt(drops.p95), 'max ms': fmt(drops.max), samples: String(drags.length) },
    });
    // Which keys are slow (docs/decisions/0375): those that scrolled and built parts of the board, or any?
    const detail = drags.flatMap((d) => d.stepsDetail.map((s, i) => ({ ...s, step: i })));
    const split = (rows: typeof detail) => (rows.length === 0 ? '—' : `${rows.length} keys, p50 ${fmt(quantiles(rows.map((r) => r.ms)).p50)} / p95 ${fmt(quantiles(rows.map((r) => r.ms)).p95)} ms`);
    console.log(`Keys that built parts of the board: ${split(detail.filter((r) => r.built > 0))}; scrolled without building: ${split(detail.filter((r) => r.built === 0 && r.scrolled !== 0))}; neither: ${split(detail.filter((r) => r.built === 0 && r.scrolled === 0))}.`);
    console.log(`Slowest keys: ${[...detail].sort((a, b) => b.ms - a.ms).slice(0, 8).map((r) => `#${r.step} ${r.key} ${fmt(r.ms, 0)} ms (scroll ${r.scrolled} px, built ${r.built})`).join(', ')}.`);
    console.log(`Long tasks while dragging: ${tasks.length}, longest ${fmt(Math.max(0, ...tasks), 0)} ms, total ${fmt(tasks.reduce((s, x) => s + x, 0), 0)} ms.`);
    const probe = cpuProbe();
    console.log(`CPU probe at the end ${fmt(probe, 0)} ms (load ${loadAverage()}); usable board / probe (mean of both probes): ${loads.map((l) => fmt(Number(l['usable ms']) / ((probe + PROBE.ms) / 2), 1)).join(' / ')}.`);
    console.log('Headless Chromium, 2 shared cores, the local stack in the same machine: a floor, not a desktop figure.');
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  console.log('Building the web app…');
  const build = spawnSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn', ...(PROFILE ? ['--minify', 'false'] : [])], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('web build failed');
  const server = await startHelper<StackInfo>('scripts/local/stack-process.ts');
  try {
    await plannerBoardBench(server.info);
  } finally {
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then(
    () => process.exit(0),
    (error: Error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
