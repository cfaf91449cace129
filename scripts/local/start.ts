import './quiet-sdk.ts';
import { existsSync, statSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { checkJava } from './dynamodb-local.ts';
import { ROOT, startLocalStack } from './stack.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';

/**
 * npm start: checks prerequisites, builds the web app when its sources are newer than the
 * build, starts the local stack with data kept under .data/, and prints the demo accounts.
 * PORT (default 3000) and HOST (default 127.0.0.1) are configurable.
 */
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';
const dataDir = process.env.IMMO_DATA_DIR ?? join(ROOT, '.data');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'dist' || entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function buildWebIfStale(): void {
  const index = join(ROOT, 'web/dist/index.html');
  const stale = !existsSync(index) || newestMtime(join(ROOT, 'web')) > statSync(index).mtimeMs || newestMtime(join(ROOT, 'shared')) > statSync(index).mtimeMs;
  if (!stale) return;
  console.log('Building the web app…');
  const build = spawnSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('The web app build failed (see above).');
}

async function main(): Promise<void> {
  if (!existsSync(join(ROOT, 'node_modules'))) throw new Error('Dependencies are missing: run `npm install` first.');
  checkJava();
  if (!process.env.IMMO_SKIP_WEB_BUILD) buildWebIfStale();
  const stack = await startLocalStack({ port, host, dataDir, log: (line) => console.log(`  ${line}`) });
  console.log(`\nImmo Média is running at ${stack.url}  (data in ${dataDir}; \`npm run reset\` wipes it)\n`);
  console.log('Demo accounts (password for all: ' + DEMO_ACCOUNTS[0]!.password + '):');
  for (const a of DEMO_ACCOUNTS) console.log(`  role ${String(a.role).padStart(2)}  ${a.roleName.padEnd(19)} ${a.email}`);
  console.log('\nPress Ctrl+C to stop.');
  const shutdown = async () => {
    await stack.stop();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: Error) => {
  console.error(`\nCould not start: ${error.message}`);
  process.exit(1);
});
