import '../../scripts/local/quiet-sdk.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startLocalStack, type LocalStack } from '../../scripts/local/stack.ts';
import './provided.ts';

/**
 * Starts one local stack (in-memory DynamoDB Local, s3rver, seeded demo data, HTTP adapter on
 * a free port) for a whole test project, and hands its addresses to the test files.
 */
export async function startStackFor(project: TestProject): Promise<() => Promise<void>> {
  // The demo provider file at 2 % of Quebec scale: same shape, imported in seconds (seed/provider.ts).
  process.env.PROVIDER_DEMO_SCALE ??= '0.02';
  const stack: LocalStack = await startLocalStack({ port: 0 });
  project.provide('baseUrl', stack.url);
  project.provide('dynamoEndpoint', stack.dynamoEndpoint);
  project.provide('s3Endpoint', stack.s3Endpoint);
  project.provide('tableName', stack.tableName);
  project.provide('mailOutbox', stack.mailOutbox);
  const dayClaims = mkdtempSync(join(tmpdir(), 'day-claims-'));
  project.provide('dayClaims', dayClaims);
  return async () => {
    await stack.stop();
    rmSync(dayClaims, { recursive: true, force: true });
  };
}
