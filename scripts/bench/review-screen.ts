import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { BUCKETS, ENV } from '#shared/data/design.ts';
import { ShootingState } from '#shared/enums.ts';
import { Role } from '#shared/roles.ts';
import { DEMO_PASSWORD, demoAccount } from '../local/demo-accounts.ts';
import { fmt } from './stats.ts';

/**
 * The review screen with 400 pictures (issue 13): a listing with 400 real JPEGs (original and
 * thumbnail in the S3 emulator) is written into the running stack through storage, then headless
 * Chromium opens /tech_review/{listing_id} as a post-production technician. Measured: the
 * getListingPictures answer (HTTP), time from navigation to the first card shown and to
 * interactive (the first card shown and no long task for 500 ms), the JS heap and DOM size (Chrome
 * DevTools Performance metrics), how many cards the virtualized grid keeps in the page, and the
 * time to scroll to the last picture; at 3 columns (the default) and 12. Prints figures; asserts
 * nothing. Needs the web app built and the stack of ./serve.ts.
 */
const PICTURES = Number(process.env.BENCH_REVIEW_PICTURES ?? 400);
const ROUNDS = 3;

interface Server {
  url: string;
  dynamoEndpoint: string;
  s3Endpoint: string;
  tableName: string;
}

async function seedListing(): Promise<number> {
  const { nextId } = await import('#functions/plumbing/ids.ts');
  const { mediaKeys, putMediaObject } = await import('#functions/plumbing/media.ts');
  const { insertListing } = await import('#functions/storage/listings.ts');
  const { insertPicture } = await import('#functions/storage/pictures.ts');
  const { insertShooting } = await import('#functions/storage/shootings.ts');
  const broker = demoAccount(Role.broker);
  const now = new Date().toISOString();
  const listing = await insertListing({
    address: `${await nextId('bench-review', 1)} boulevard du Banc d'essai`,
    city: 'Laval',
    postalcode: 'H7N 1A1',
    room_count: 20,
    is_house: true,
    lat: 45.56,
    lng: -73.71,
    state: 1,
    broker_id: broker.id,
    broker: { firstname: broker.firstname, lastname: broker.lastname },
  });
  const shooting = await insertShooting(
    {
      id: await nextId('shooting', 10_000),
      listing_id: listing.id,
      broker_id: broker.id,
      scheduleddate: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
      am: true,
      is_confirmed: true,
      state: ShootingState.uploaded,
      estimated_duration: 3600,
      room_count: 20,
      tech_id: demoAccount(Role.tech_capture).id,
      pp_tech_id: demoAccount(Role.tech_postprod).id,
      created_at: now,
      updated_at: now,
    },
    { lat: null, lng: null, reserved_tech_id: null },
  );
  let next = 0;
  const worker = async () => {
    while (next < PICTURES) {
      const index = next++;
      const colour = { r: (index * 37) % 256, g: (index * 91) % 256, b: (index * 53) % 256 };
      const original = await sharp({ create: { width: 1600, height: 1067, channels: 3, background: colour } }).jpeg().toBuffer();
      const thumbnail = await sharp({ create: { width: 480, height: 320, channels: 3, background: colour } }).jpeg().toBuffer();
      await putMediaObject(mediaKeys.original(listing.id, shooting.id, index), original);
      await putMediaObject(mediaKeys.thumbnail(listing.id, shooting.id, index), thumbnail);
      await insertPicture({
        listing_id: listing.id,
        shooting_id: shooting.id,
        picture_index: index,
        original_key: mediaKeys.original(listing.id, shooting.id, index),
        thumbnail_key: mediaKeys.thumbnail(listing.id, shooting.id, index),
        is_validated: index % 3 ? null : true,
        created_at: now,
      });
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return listing.id;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

export async function reviewScreenBench(server: Server): Promise<void> {
  Object.assign(process.env, {
    [ENV.localMode]: '1',
    [ENV.dynamoEndpoint]: server.dynamoEndpoint,
    [ENV.tableName]: server.tableName,
    [ENV.s3Endpoint]: server.s3Endpoint,
    [ENV.mediaBucket]: BUCKETS.media.localName,
  });
  let t0 = performance.now();
  const listingId = await seedListing();
  console.log(`\nReview screen: seeded a listing with ${PICTURES} pictures (JPEG originals and thumbnails) in ${fmt((performance.now() - t0) / 1000, 1)} s.`);

  const tech = demoAccount(Role.tech_postprod);
  const login = await fetch(`${server.url}/api/session/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: tech.email, password: DEMO_PASSWORD }) });
  const { token } = (await login.json()) as { token: string };

  const answers: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 5; i++) {
    t0 = performance.now();
    const res = await fetch(`${server.url}/api/review/listings/${listingId}`, { headers: { authorization: `Bearer ${token}` } });
    bytes = (await res.arrayBuffer()).byteLength;
    answers.push(performance.now() - t0);
  }

  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--no-first-run', '--disable-background-networking'] });
  const rows: Record<string, Record<string, string>> = {};
  try {
    for (const columns of [3, 12]) {
      const figures = { shown: [] as number[], interactive: [] as number[], heap: [] as number[], nodes: [] as number[], cards: [] as number[], scroll: [] as number[] };
      for (let round = 0; round < ROUNDS; round++) {
        const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 }, locale: 'fr-CA' });
        await context.addInitScript((t) => localStorage.setItem('immo.session.token', t), token);
        // Long tasks from the navigation on (a string: tsx's transform would add helpers the page does not have).
        await context.addInitScript(`window.__longTaskEnd = 0; new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTaskEnd = Math.max(window.__longTaskEnd, e.startTime + e.duration); }).observe({ type: 'longtask', buffered: true });`);
        const page = await context.newPage();
        page.setDefaultTimeout(120_000);
        const cdp = await context.newCDPSession(page);
        await cdp.send('Performance.enable');
        await page.goto(`/tech_review/${listingId}`);
        await page.locator('[data-picture="1"]').waitFor();
        const shownAt = await page.evaluate<number>('performance.now()');
        if (columns !== 3) {
          await page.locator('[aria-labelledby="review-columns"]').getByText(String(columns), { exact: true }).click();
          await page.locator(`[data-picture="${columns}"]`).waitFor();
        }
        // Interactive: no long task for 500 ms after the first card was shown (NaN when the page never settles within a minute).
        const interactiveAt = await page.evaluate<number>(`new Promise((resolve) => {
          const check = () => { const now = performance.now(); if (now - Math.max(window.__longTaskEnd, ${shownAt}) >= 500) resolve(Math.max(window.__longTaskEnd, ${shownAt})); else if (now - ${shownAt} > 60000) resolve(NaN); else setTimeout(check, 100); };
          check();
        })`);
        await cdp.send('HeapProfiler.collectGarbage');
        const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
        const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? NaN;
        figures.shown.push(shownAt);
        figures.interactive.push(interactiveAt);
        figures.heap.push(metric('JSHeapUsedSize') / 1024 / 1024);
        figures.nodes.push(metric('Nodes'));
        figures.cards.push(await page.locator('[data-picture]').count());
        t0 = performance.now();
        await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
        await page.locator(`[data-picture="${PICTURES}"]`).waitFor();
        figures.scroll.push(performance.now() - t0);
        await context.close();
      }
      rows[`${columns} columns`] = {
        'first card ms': fmt(median(figures.shown), 0),
        'interactive ms': fmt(median(figures.interactive), 0),
        'JS heap MB': fmt(median(figures.heap), 1),
        'DOM nodes': fmt(median(figures.nodes), 0),
        'cards in page': fmt(median(figures.cards), 0),
        'scroll to last ms': fmt(median(figures.scroll), 0),
      };
    }
  } finally {
    await browser.close();
  }
  console.log(`Review screen, ${PICTURES} pictures: getListingPictures answers ${fmt(bytes / 1024, 0)} KB in ${fmt(median(answers), 0)} ms (median of 5, HTTP, local stack); in Chromium (median of ${ROUNDS}, ms from navigation):`);
  console.table(rows);
}

/** npx tsx scripts/bench/review-screen.ts — alone, against a stack of its own. */
if (import.meta.url === `file://${process.argv[1]}`) {
  const { spawnSync } = await import('node:child_process');
  const { ROOT } = await import('../local/stack.ts');
  const { startHelper } = await import('./processes.ts');
  if (!process.env.BENCH_NO_BUILD) {
    const build = spawnSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('web build failed');
  }
  const server = await startHelper<Server>('scripts/bench/serve.ts');
  try {
    await reviewScreenBench(server.info);
  } finally {
    await server.stop();
  }
  process.exit(0);
}
