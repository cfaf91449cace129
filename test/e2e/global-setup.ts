import type { TestProject } from 'vitest/node';
import { ROOT } from '../../scripts/local/stack.ts';
import { buildWebIfStale } from '../../scripts/local/web-build.ts';
import { startStackFor } from '../support/global-stack.ts';

/** Browser tests run against the app as `npm start` serves it: the built web app on the adapter's origin. */
export default async function setup(project: TestProject) {
  buildWebIfStale(ROOT);
  return startStackFor(project);
}
