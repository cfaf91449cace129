import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ROOT } from '../../scripts/local/stack.ts';
import { startStackFor } from '../support/global-stack.ts';

/** Browser tests run against the app as `npm start` serves it: the built web app on the adapter's origin. */
export default async function setup(project: TestProject) {
  if (!existsSync(join(ROOT, 'web/dist/index.html'))) {
    const build = spawnSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('web build failed');
  }
  return startStackFor(project);
}
