import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'dist' || entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Builds web/dist when it is missing or older than the web or shared sources (npm start and the browser tests). */
export function buildWebIfStale(root: string): void {
  const index = join(root, 'web/dist/index.html');
  const builtAt = existsSync(index) ? statSync(index).mtimeMs : 0;
  if (builtAt > newestMtime(join(root, 'web')) && builtAt > newestMtime(join(root, 'shared'))) return;
  console.log('Building the web app…');
  // Always a production build: under vitest NODE_ENV is 'test', which would ship React's development runtime.
  const build = spawnSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) throw new Error('The web app build failed (see above).');
}
