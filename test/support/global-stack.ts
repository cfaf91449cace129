import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startHelper } from '../../scripts/local/helper-process.ts';
import type { StackAddresses } from './provided.ts';

/**
 * Starts one local stack (in-memory DynamoDB Local, s3rver, seeded demo data, HTTP adapter on a
 * free port) per worker slot of the project (its `maxWorkers`), and `spare` more, each in a process
 * of its own (scripts/local/stack-process.ts) as `npm start` runs it. Each test file leases one
 * (test/support/stack-lease.ts): files that run at the same time read and write apart
 * (docs/decisions/0580), and a spare stack lets the day-claiming files spread (0740).
 */
export async function startStacksFor(project: TestProject, spare = 0): Promise<() => Promise<void>> {
  const count = (project.config.maxWorkers || 1) + spare;
  // The demo provider file at 2 % of Quebec scale: same shape, imported in seconds (seed/provider.ts).
  const env = { PROVIDER_DEMO_SCALE: process.env.PROVIDER_DEMO_SCALE ?? '0.02' };
  type Printed = Omit<StackAddresses, 'baseUrl'> & { url: string };
  const helpers = await Promise.allSettled(Array.from({ length: count }, () => startHelper<Printed>('scripts/local/stack-process.ts', env)));
  const started = helpers.flatMap((h) => (h.status === 'fulfilled' ? [h.value] : []));
  const failed = helpers.find((h): h is PromiseRejectedResult => h.status === 'rejected');
  if (failed) {
    await Promise.all(started.map((h) => h.stop()));
    throw failed.reason;
  }
  project.provide(
    'stacks',
    started.map(({ info }) => ({ baseUrl: info.url, dynamoEndpoint: info.dynamoEndpoint, s3Endpoint: info.s3Endpoint, tableName: info.tableName, mailOutbox: info.mailOutbox })),
  );
  const dayClaims = mkdtempSync(join(tmpdir(), 'day-claims-'));
  project.provide('dayClaims', dayClaims);
  const stackLeases = mkdtempSync(join(tmpdir(), 'stack-leases-'));
  project.provide('stackLeases', stackLeases);
  return async () => {
    await Promise.all(started.map((h) => h.stop()));
    reportDayClaims(project.name, dayClaims);
    rmSync(dayClaims, { recursive: true, force: true });
    rmSync(stackLeases, { recursive: true, force: true });
  };
}

/** How many days the run's tests claimed on each stack (test/support/days.ts): the headroom left before a run runs out. */
function reportDayClaims(projectName: string, dayClaims: string): void {
  const perStack = readdirSync(dayClaims).map((stack) => {
    const days = readdirSync(join(dayClaims, stack)).map((claim) => Number.parseInt(claim, 10));
    return `${new Set(days).size} days (last +${Math.max(...days)})`;
  });
  if (perStack.length > 0) console.log(`[${projectName}] own days claimed per stack: ${perStack.join(', ')}`);
}
