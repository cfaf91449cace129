import '../../scripts/local/quiet-sdk.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startHelper } from '../../scripts/local/helper-process.ts';
import { startLocalStack } from '../../scripts/local/stack.ts';
import type { StackAddresses } from './provided.ts';

// The demo provider file at 2 % of Quebec scale: same shape, imported in seconds (seed/provider.ts).
const PROVIDER_DEMO_SCALE = process.env.PROVIDER_DEMO_SCALE ?? '0.02';

/**
 * Starts one local stack (in-memory DynamoDB Local, s3rver, seeded demo data, HTTP adapter on
 * a free port) in this process for a whole test project, and hands its addresses to the test files.
 */
export async function startStackFor(project: TestProject): Promise<() => Promise<void>> {
  process.env.PROVIDER_DEMO_SCALE = PROVIDER_DEMO_SCALE;
  const stack = await startLocalStack({ port: 0 });
  const stopClaims = provideAll(project, [{ ...stack, baseUrl: stack.url }]);
  return async () => {
    await stack.stop();
    stopClaims();
  };
}

/**
 * Starts `count` local stacks, each in a process of its own (scripts/local/stack-process.ts), one
 * per worker slot of the project: files that run at the same time read and write apart.
 */
export async function startStacksFor(project: TestProject, count: number): Promise<() => Promise<void>> {
  type Printed = Omit<StackAddresses, 'baseUrl'> & { url: string };
  const helpers = await Promise.allSettled(
    Array.from({ length: count }, () => startHelper<Printed>('scripts/local/stack-process.ts', { PROVIDER_DEMO_SCALE })),
  );
  const started = helpers.flatMap((h) => (h.status === 'fulfilled' ? [h.value] : []));
  const failed = helpers.find((h): h is PromiseRejectedResult => h.status === 'rejected');
  if (failed) {
    await Promise.all(started.map((h) => h.stop()));
    throw failed.reason;
  }
  const stopClaims = provideAll(
    project,
    started.map(({ info }) => ({ baseUrl: info.url, dynamoEndpoint: info.dynamoEndpoint, s3Endpoint: info.s3Endpoint, tableName: info.tableName, mailOutbox: info.mailOutbox })),
  );
  return async () => {
    await Promise.all(started.map((h) => h.stop()));
    stopClaims();
  };
}

function provideAll(project: TestProject, stacks: StackAddresses[]): () => void {
  project.provide('stacks', stacks.map(({ baseUrl, dynamoEndpoint, s3Endpoint, tableName, mailOutbox }) => ({ baseUrl, dynamoEndpoint, s3Endpoint, tableName, mailOutbox })));
  const dayClaims = mkdtempSync(join(tmpdir(), 'day-claims-'));
  project.provide('dayClaims', dayClaims);
  return () => rmSync(dayClaims, { recursive: true, force: true });
}
