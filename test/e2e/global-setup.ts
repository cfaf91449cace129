import type { TestProject } from 'vitest/node';
import { ROOT } from '../../scripts/local/stack.ts';
import { buildWebIfStale } from '../../scripts/local/web-build.ts';
import { startStacksFor } from '../support/global-stack.ts';

/**
 * Browser tests run against the app as `npm start` serves it: the built web app on the adapter's
 * origin. Each worker slot gets a stack of its own, in its own process.
 */
export default async function setup(project: TestProject) {
  buildWebIfStale(ROOT);
  return startStacksFor(project);
}
