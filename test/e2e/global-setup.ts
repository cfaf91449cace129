import type { TestProject } from 'vitest/node';
import { ROOT } from '../../scripts/local/stack.ts';
import { buildWebIfStale } from '../../scripts/local/web-build.ts';
import { startStacksFor } from '../support/global-stack.ts';

/**
 * Browser tests run against the app as `npm start` serves it: the built web app on the adapter's
 * origin. One stack per worker slot, each in its own process; each file leases one (ADR 0740).
 */
export default async function setup(project: TestProject) {
  buildWebIfStale(ROOT);
  return startStacksFor(project);
}
