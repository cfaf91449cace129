import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { chromium } from 'playwright-core';
import { BUCKETS, ENV } from '#shared/data/design.ts';
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
 * time to scroll to the last picture, and the ResizeObserver callbacks in the 2 s after interactive
 * (0 once the page is still; ADR 0280); at 1, 3 (the default), 6 and 12 columns. Prints figures;
 * asserts nothing. Needs the web app built and the stack of ../local/stack-process.ts.
 * BENCH_REVIEW_COLUMNS (e.g. '3,12'), BENCH_REVIEW_ROUNDS: fewer measures. BENCH_REVIEW_LISTING:
 * measure that listing instead of seeding one. BENCH_WEB_DIR: serve the page from that build of the
 * web app (to compare two builds against one stack).
 */
const PICTURES = Number(process.env.BENCH_REVIEW_PICTURES ?? 400);
const ROUNDS = Number(process.env.BENCH_REVIEW_ROUNDS ?? 3);
const COLUMNS = (process.env.BENCH_REVIEW_COLUMNS ?? '1,3,6,12').split(',').map(Number);
const WEB_DIR = process.env.BENCH_WEB_DIR;
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png', '.woff2': 'font/woff2', '.webmanifest': 'application/manifest+json' };

interface Server {
  url: string;
  dynamoEndpoint: string;
  s3Endpoint: string;
  tableName: string;
}

/** The benchmark's listing: PICTURES real JPEGs (a 1600 × 1067 original and a 480 × 320 thumbnail each), a third of them validated. */
export async function seedListing(): Promise<number> {
  const { reviewListing } = await import('../../test/support/review-listing.ts');
  const { listing } = await reviewListing({ street: "boulevard du Banc d'essai", pictures: PICTURES, unseen: (i) => i % 3 !== 0, original: { width: 1600, height: 1067 }, thumbnail: { width: 480, height: 320 } });
  return listing.id;
}

/** A file of another build of the web app (BENCH_WEB_DIR), index.html for a screen's path. */
function builtFile(dir: string, path: string): { body: Buffer; contentType: string } {
  let file = join(dir, path);
  if (!existsSync(file) || statSync(file).isDirectory()) file = join(dir, 'index.html');
  return { body: readFileSync(file), contentType: TYPES[extname(file)] ?? 'application/octet-stream' };
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
  const listingId = process.env.BENCH_REVIEW_LISTING ? Number(process.env.BENCH_REVIEW_LISTING) : await seedListing();
  if (!process.env.BENCH_REVIEW_LISTING) console.log(`\nReview screen: seeded a listing with ${PICTURES} pictures (JPEG originals and thumbnails) in ${fmt((performance.now() - t0) / 1000, 1)} s.`);

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

  // Pages answered by the route below have no address: without the flag Chromium would refuse them the emulator's loopback pictures.
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--no-first-run', '--disable-background-networking', ...(WEB_DIR ? ['--disable-features=LocalNetworkAccessChecks'] : [])] });
  const rows: Record<string, Record<string, string>> = {};
  try {
    for (const columns of COLUMNS) {
      const figures = { shown: [] as number[], interactive: [] as number[], heap: [] as number[], nodes: [] as number[], cards: [] as number[], scroll: [] as number[], observed: [] as number[] };
      for (let round = 0; round < ROUNDS; round++) {
        const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 }, locale: 'fr-CA' });
        await context.addInitScript((t) => localStorage.setItem('immo.session.token', t), token);
        // Long tasks from the navigation on (a string: tsx's transform would add helpers the page does not have).
        await context.addInitScript(`window.__longTaskEnd = 0; new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTaskEnd = Math.max(window.__longTaskEnd, e.startTime + e.duration); }).observe({ type: 'longtask', buffered: true });`);
        // Every ResizeObserver callback of the page, counted (a page that keeps observing itself never rests).
        await context.addInitScript(`window.__observed = 0; { const Native = window.ResizeObserver; window.ResizeObserver = class extends Native { constructor(callback) { super((entries, observer) => { window.__observed++; callback(entries, observer); }); } }; }`);
        if (WEB_DIR) await context.route((url) => url.origin === new URL(server.url).origin && !url.pathname.startsWith('/api/'), (route) => route.fulfill(builtFile(WEB_DIR, new URL(route.request().url()).pathname)));
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
        const observedBefore = await page.evaluate<number>('window.__observed');
        await page.waitForTimeout(2000);
        figures.observed.push((await page.evaluate<number>('window.__observed')) - observedBefore);
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
        'observer callbacks in 2 s after': fmt(median(figures.observed), 0),
      };
    }
  } finally {
    await browser.close();
  }
  console.log(`Review screen, ${PICTURES} pictures: getListingPictures answers ${fmt(bytes / 1024, 0)} KB in ${fmt(median(answers), 0)} ms (median of 5, HTTP, local stack); in Chromium (median of ${ROUNDS}, ms from navigation${WEB_DIR ? `, web app from ${WEB_DIR}` : ''}):`);
  console.table(rows);
}

/** npx tsx scripts/bench/review-screen.ts — alone, against a stack of its own. */
if (import.meta.url === `file://${process.argv[1]}`) {
  const { spawnSync } = await import('node:child_process');
  const { ROOT } = await import('../local/stack.ts');
  const { startHelper } = await import('../local/helper-process.ts');
  if (!process.env.BENCH_NO_BUILD) {
    const build = spawnSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('web build failed');
  }
  const server = await startHelper<Server>('scripts/local/stack-process.ts');
  try {
    await reviewScreenBench(server.info);
  } finally {
    await server.stop();
  }
  process.exit(0);
}
