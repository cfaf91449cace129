import { chromium } from 'playwright-core';
import { ENV } from '#shared/data/design.ts';
import { Role } from '#shared/roles.ts';
import { DEMO_PASSWORD, demoAccount } from '../local/demo-accounts.ts';
import { fmt } from './stats.ts';

/**
 * The user list with 10,000 users filters as the user types (issue 12): 10,000 users are written
 * into the running stack through storage (real items, in the role index), then in headless
 * Chromium an administrator opens /users and types a name one key at a time; a recorder in the
 * page measures, for each keystroke, the time from the key event to the next frame after the
 * card list changed. Also the getUsers answer for every role and the filter function alone.
 * Prints figures; asserts nothing. Needs the web app built and the stack of ../local/stack-process.ts.
 */
const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const TYPED = 'tremb';

const FIRST = ['Marie', 'Jean', 'Sophie', 'Luc', 'Isabelle', 'Marc', 'Julie', 'Pierre', 'Nathalie', 'François', 'Chantal', 'Éric', 'Mélanie', 'Martin', 'Annie'];
const LAST = ['Tremblay', 'Gagnon', 'Roy', 'Côté', 'Bouchard', 'Gauthier', 'Morin', 'Lavoie', 'Fortin', 'Gagné', 'Ouellet', 'Pelletier', 'Bélanger', 'Lévesque', 'Bergeron', 'Leblanc', 'Paquette', 'Girard', 'Simard', 'Boucher', 'Trembley', 'Tremblant'];

async function seedUsers(): Promise<void> {
  const { insertUser, newUserId } = await import('#functions/storage/users.ts');
  const roles = [Role.broker, Role.broker, Role.broker, Role.client, Role.tech_capture, Role.sales];
  const at = new Date().toISOString();
  let next = 0;
  const worker = async () => {
    while (next < USERS) {
      const i = next++;
      const id = await newUserId();
      await insertUser({
        id,
        firstname: FIRST[i % FIRST.length]!,
        lastname: `${LAST[(i * 7) % LAST.length]!}${i % 3 ? '' : `-${LAST[i % LAST.length]!}`}`,
        email: `bench.${id}@users.bench`,
        role: roles[i % roles.length]!,
        password_hash: 'bench-no-login',
        created_at: at,
        updated_at: at,
      });
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
}

const quantiles = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
  return { n: String(values.length), 'p50 ms': fmt(q(0.5)), 'p95 ms': fmt(q(0.95)), 'max ms': fmt(sorted.at(-1) ?? NaN) };
};

export async function usersListBench(server: { url: string; dynamoEndpoint: string; tableName: string }): Promise<void> {
  process.env[ENV.dynamoEndpoint] = server.dynamoEndpoint;
  process.env[ENV.tableName] = server.tableName;
  process.env[ENV.localMode] = '1';
  let t0 = performance.now();
  await seedUsers();
  console.log(`\nUsers list: seeded ${USERS} users in ${fmt((performance.now() - t0) / 1000, 1)} s.`);

  const admin = demoAccount(Role.admin);
  const login = await fetch(`${server.url}/api/session/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: admin.email, password: DEMO_PASSWORD }) });
  const { token } = (await login.json()) as { token: string };

  // The server side: getUsers of every role (12 index Queries, franchise names), a few times.
  const answers: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 5; i++) {
    t0 = performance.now();
    const res = await fetch(`${server.url}/api/users`, { headers: { authorization: `Bearer ${token}` } });
    bytes = (await res.arrayBuffer()).byteLength;
    answers.push(performance.now() - t0);
  }

  // The filter function alone (what each keystroke runs), on the users the API answered.
  const { searchIndex, filterUsers } = await import('../../web/src/areas/users/filter.ts');
  const users = ((await (await fetch(`${server.url}/api/users`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: Parameters<typeof searchIndex>[0] }).data;
  t0 = performance.now();
  const index = searchIndex(users);
  const indexMs = performance.now() - t0;
  const filterMs: number[] = [];
  for (let round = 0; round < 20; round++)
    for (let k = 1; k <= TYPED.length; k++) {
      const s = performance.now();
      filterUsers(index, TYPED.slice(0, k).toUpperCase());
      filterMs.push(performance.now() - s);
    }

  // The browser: keystroke to the next frame after the list changed.
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--no-first-run', '--disable-background-networking'] });
  const keystrokes: number[] = [];
  let firstShown = NaN;
  try {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    await context.addInitScript((t) => localStorage.setItem('immo.session.token', t), token);
    const page = await context.newPage();
    page.setDefaultTimeout(120_000);
    for (let round = 0; round < 3; round++) {
      t0 = performance.now();
      await page.goto('/users');
      await page.getByTestId('user-card').first().waitFor();
      if (round === 0) firstShown = performance.now() - t0;
      // Strings, not functions: tsx's transform would add helpers the page does not have.
      await page.evaluate(`(() => {
        window.__lags = [];
        let keyAt = 0;
        document.addEventListener('keydown', () => { keyAt = performance.now(); }, true);
        const list = document.querySelector('ul[aria-label]');
        new MutationObserver(() => {
          if (!keyAt) return;
          const at = keyAt;
          keyAt = 0;
          requestAnimationFrame(() => window.__lags.push(performance.now() - at));
        }).observe(list, { childList: true, subtree: true, characterData: true });
      })()`);
      const search = page.getByRole('searchbox');
      await search.click();
      await search.pressSequentially(TYPED, { delay: 250 });
      await page.waitForTimeout(500);
      keystrokes.push(...(await page.evaluate<number[]>('window.__lags')));
    }
  } finally {
    await browser.close();
  }
  console.log(`Users list, ${users.length} users (getUsers answer ${fmt(bytes / 1024, 0)} KB); /users shows its first cards ${fmt(firstShown, 0)} ms after navigation.`);
  console.table({
    'getUsers, every role (HTTP, local stack)': quantiles(answers),
    [`filter function, ${users.length} users, per keystroke (index built once: ${fmt(indexMs)} ms)`]: quantiles(filterMs),
    [`Chromium: keystroke → list re-rendered, typing "${TYPED}"`]: quantiles(keystrokes),
  });
}

/** npm run bench:users — alone, against a stack of its own. */
if (import.meta.url === `file://${process.argv[1]}`) {
  const { spawnSync } = await import('node:child_process');
  const { ROOT } = await import('../local/stack.ts');
  const { startHelper } = await import('../local/helper-process.ts');
  const build = spawnSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('web build failed');
  const server = await startHelper<{ url: string; dynamoEndpoint: string; tableName: string }>('scripts/local/stack-process.ts');
  try {
    await usersListBench(server.info);
  } finally {
    await server.stop();
  }
  process.exit(0);
}
