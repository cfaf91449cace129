import type { TestProject } from 'vitest/node';
import { startStacksFor } from '../support/global-stack.ts';

/**
 * One stack per worker slot and a spare, each in a process of its own (docs/decisions/0580, 0740);
 * the fault tests start their own.
 */
export default async function setup(project: TestProject) {
  return startStacksFor(project, 1);
}
