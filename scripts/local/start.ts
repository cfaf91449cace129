import './quiet-sdk.ts';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { checkJava } from './dynamodb-local.ts';
import { buildWebIfStale } from './web-build.ts';
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

async function main(): Promise<void> {
  if (!existsSync(join(ROOT, 'node_modules'))) throw new Error('Dependencies are missing: run `npm install` first.');
  checkJava();
  if (!process.env.IMMO_SKIP_WEB_BUILD) buildWebIfStale(ROOT);
  const stack = await startLocalStack({ port, host, dataDir, log: (line) => console.log(`  ${line}`) });
  console.log(`\nImmo Média is running at ${stack.url}  (data in ${dataDir}; \`npm run reset\` wipes it)\n`);
  console.log('Demo accounts (password for all: ' + DEMO_ACCOUNTS[0]!.password + '):');
  for (const a of DEMO_ACCOUNTS) console.log(`  role ${String(a.role).padStart(2)}  ${a.roleName.padEnd(19)} ${a.email}`);
  console.log('\nPress Ctrl+C to stop.');
  // Ctrl+C, a kill or a crash: the emulators and the data-folder lock go with the stack
  // (DynamoDB Local's watchdog also stops Java if this process is killed with -9).
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) process.exit(code);
    stopping = true;
    await stack.stop().catch((error: unknown) => console.error(error));
    process.exit(code);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(0));
  process.on('uncaughtException', (error) => {
    console.error('\nUnexpected error, stopping:', error);
    void shutdown(1);
  });
}

main().catch((error: Error) => {
  console.error(`\nCould not start: ${error.message}`);
  process.exit(1);
});
