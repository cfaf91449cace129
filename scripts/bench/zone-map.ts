import '../local/quiet-sdk.ts';
import { spawnSync } from 'node:child_process';
import { chromium, type Page } from 'playwright-core';
import { ENV } from '#shared/data/design.ts';
import { Role } from '#shared/roles.ts';
import { DEMO_PASSWORD, demoAccount } from '../local/demo-accounts.ts';
import { ROOT } from '../local/stack.ts';
import { startHelper } from '../local/helper-process.ts';
import { fmt } from './stats.ts';

/**
 * npm run bench:zone-map — the zone map with 5,000 broker offices and 200 zones (issue 12):
 * time until the map shows them, then frame times while the user pans it with the mouse (a
 * requestAnimationFrame recorder in the page), at the default zoom 8 (offices clustered) and at
 * zoom 12 (most offices single markers). Headless Chromium without a GPU draws with SwiftShader
 * (software WebGL), so the figures are a pessimistic floor. Prints figures; asserts nothing.
 */
const OFFICES = Number(process.env.BENCH_OFFICES ?? 5000);
const ZONES = Number(process.env.BENCH_ZONES ?? 200);
const PAN_SECONDS = Number(process.env.BENCH_PAN_SECONDS ?? 6);

/** A small deterministic PRNG (mulberry32), so every run draws the same map. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Offices around Quebec's towns (most near Montréal), zones as a 20 × 10 grid of 12-vertex rings over southern Quebec. */
async function seedBenchData(): Promise<void> {
  const { putBrokerOffices } = await import('#functions/storage/broker-offices.ts');
  const { insertZone } = await import('#functions/storage/zones.ts');
  const rand = prng(12);
  const towns = [
    { lat: 45.52, lng: -73.6, w: 0.5 },
    { lat: 45.56, lng: -73.72, w: 0.12 },
    { lat: 45.5, lng: -73.47, w: 0.12 },
    { lat: 46.81, lng: -71.22, w: 0.12 },
    { lat: 45.4, lng: -71.89, w: 0.06 },
    { lat: 46.35, lng: -72.55, w: 0.05 },
    { lat: 45.48, lng: -75.7, w: 0.03 },
  ];
  const offices = Array.from({ length: OFFICES }, (_, i) => {
    let r = rand();
    const town = towns.find((t) => (r -= t.w) < 0) ?? towns[0]!;
    const spread = 0.25 * Math.sqrt(-2 * Math.log(rand() + 1e-9));
    const angle = 2 * Math.PI * rand();
    return {
      id: 100_000 + i,
      name: `Bureau ${i + 1}`,
      lat: town.lat + spread * Math.sin(angle) * 0.7,
      lng: town.lng + spread * Math.cos(angle),
      listing_count: Math.floor(rand() * 80),
      broker_count: 1 + Math.floor(rand() * 25),
    };
  });
  await putBrokerOffices(offices);
  const at = new Date().toISOString();
  for (let i = 0; i < ZONES; i++) {
    const [row, col] = [Math.floor(i / 20), i % 20];
    const center = { lat: 45.0 + row * 0.25, lng: -76.0 + col * 0.28 };
    const ring = Array.from({ length: 12 }, (_, k) => {
      const angle = (2 * Math.PI * k) / 12;
      const r = 0.09 + rand() * 0.03;
      return { lat: center.lat + r * Math.sin(angle) * 0.8, lng: center.lng + r * Math.cos(angle) };
    });
    ring.push(ring[0]!);
    await insertZone({ id: 10_000 + i, zone_name: `Zone ${i + 1}`, type: i % 2 ? 2 : 1, coordinates: ring, created_at: at, updated_at: at });
  }
}

/** Frame intervals (ms) while the mouse drags the map back and forth for `seconds`. */
async function panFrames(page: Page, seconds: number): Promise<number[]> {
  const box = (await page.locator('[data-testid="map"] canvas').boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  // Strings, not functions: tsx's transform would add helpers the page does not have.
  await page.evaluate(`(() => {
    window.__frames = [];
    window.__recording = true;
    let last = performance.now();
    const tick = (now) => {
      window.__frames.push(now - last);
      last = now;
      if (window.__recording) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`);
  const end = Date.now() + seconds * 1000;
  let direction = 1;
  while (Date.now() < end) {
    await page.mouse.move(cx - 150 * direction, cy - 60 * direction);
    await page.mouse.down();
    await page.mouse.move(cx + 150 * direction, cy + 60 * direction, { steps: 30 });
    await page.mouse.up();
    direction = -direction;
  }
  return page.evaluate<number[]>(`(() => {
    window.__recording = false;
    return window.__frames.slice(1);
  })()`);
}

function summary(frames: number[]): Record<string, string> {
  const sorted = [...frames].sort((a, b) => a - b);
  const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
  const total = frames.reduce((s, f) => s + f, 0);
  return {
    frames: String(frames.length),
    'fps': fmt((frames.length * 1000) / total, 1),
    'p50 ms': fmt(q(0.5)),
    'p95 ms': fmt(q(0.95)),
    'max ms': fmt(sorted.at(-1) ?? NaN),
    '> 50 ms': String(frames.filter((f) => f > 50).length),
  };
}

async function main(): Promise<void> {
  console.log('Building the web app…');
  const build = spawnSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('web build failed');
  const server = await startHelper<{ url: string; dynamoEndpoint: string; tableName: string }>('scripts/local/stack-process.ts');
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--no-first-run', '--disable-background-networking'] });
  try {
    process.env[ENV.dynamoEndpoint] = server.info.dynamoEndpoint;
    process.env[ENV.tableName] = server.info.tableName;
    process.env[ENV.localMode] = '1';
    let t0 = performance.now();
    await seedBenchData();
    console.log(`Seeded ${OFFICES} broker offices and ${ZONES} zones in ${fmt((performance.now() - t0) / 1000, 1)} s.`);

    const admin = demoAccount(Role.admin);
    const login = await fetch(`${server.info.url}/api/session/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: admin.email, password: DEMO_PASSWORD }) });
    const { token } = (await login.json()) as { token: string };
    const context = await browser.newContext({ baseURL: server.info.url, viewport: { width: 1280, height: 900 } });
    await context.addInitScript((t) => localStorage.setItem('immo.session.token', t), token);
    const page = await context.newPage();
    page.setDefaultTimeout(120_000);

    t0 = performance.now();
    const offices = page.waitForResponse((r) => r.url().includes('/api/broker-offices') && r.ok());
    await page.goto('/zones');
    await page.locator('[data-map-ready="true"]').waitFor();
    const mapReady = performance.now() - t0;
    const officesAnswer = await offices;
    const officesBytes = (await officesAnswer.body()).length;
    await page.locator('tr[data-zone="Zone 200"]').waitFor();
    await page.waitForTimeout(1500); // clustering and the first frames settle
    const shown = performance.now() - t0;
    console.log(`\n/zones: map ready ${fmt(mapReady, 0)} ms; offices and zones shown ${fmt(shown, 0)} ms (broker offices answer ${fmt(officesBytes / 1024, 0)} KB).`);

    const results: Record<string, Record<string, string>> = {};
    results[`panning at zoom 8 (clustered), ${PAN_SECONDS} s`] = summary(await panFrames(page, PAN_SECONDS));
    for (let i = 0; i < 4; i++) {
      await page.getByRole('button', { name: 'Zoom in' }).click();
      await page.waitForTimeout(400);
    }
    await page.waitForTimeout(1000);
    results[`panning at zoom 12, ${PAN_SECONDS} s`] = summary(await panFrames(page, PAN_SECONDS));
    // The same map without offices, zones or markers (their answers emptied): what the basemap alone costs here.
    const bare = await context.newPage();
    await bare.route('**/api/broker-offices', (route) => route.fulfill({ json: { status: 200, offices: [] } }));
    await bare.route('**/api/zones', (route) => route.fulfill({ json: { status: 200, zones: [] } }));
    await bare.route('**/api/zones/map-data?*', (route) => route.fulfill({ json: { status: 200, result: { shootings: [], depots: [], techs: [] } } }));
    await page.close();
    await bare.goto('/zones');
    await bare.locator('[data-map-ready="true"]').waitFor();
    await bare.waitForTimeout(1500);
    results[`basemap only, zoom 8, ${PAN_SECONDS} s`] = summary(await panFrames(bare, PAN_SECONDS));

    console.log(`\nZone map, ${OFFICES} broker offices (cluster grid 40 px, max zoom 15), ${ZONES} zones; frame intervals while dragging:`);
    console.table(results);
    console.log('Headless Chromium, software WebGL (SwiftShader), 2 shared cores: a floor, not a desktop figure.');
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: Error) => {
    console.error(error);
    process.exit(1);
  },
);
