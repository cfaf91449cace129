import type { TestProject } from 'vitest/node';
import { startStackFor } from '../support/global-stack.ts';

export default async function setup(project: TestProject) {
  return startStackFor(project);
}
