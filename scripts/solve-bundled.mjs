/**
 * `npm run solve`: runs scripts/solve.ts from an esbuild bundle on plain node, so a small solve
 * costs little more than its solving (no TypeScript loader at start-up). The bundle lives in
 * .tmp/solve/ and is rebuilt on demand when it is missing or any of its sources (listed in the
 * build's metafile) or this launcher is newer than it. docs/decisions/0106.
 */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = resolve(root, '.tmp/solve');
const outFile = resolve(outDir, 'solve.mjs');
const metaFile = resolve(outDir, 'meta.json');

function stale() {
  if (!existsSync(outFile) || !existsSync(metaFile)) return true;
  const built = statSync(outFile).mtimeMs;
  if (statSync(fileURLToPath(import.meta.url)).mtimeMs > built) return true;
  let inputs;
  try {
    inputs = Object.keys(JSON.parse(readFileSync(metaFile, 'utf8')).inputs ?? {});
  } catch {
    return true;
  }
  if (!inputs.length) return true;
  return inputs.some((p) => {
    const abs = resolve(root, p);
    return !existsSync(abs) || statSync(abs).mtimeMs > built;
  });
}

if (stale()) {
  const t0 = performance.now();
  const { build } = await import('esbuild');
  mkdirSync(outDir, { recursive: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['scripts/solve.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: outFile,
    metafile: true,
    logLevel: 'warning',
  });
  writeFileSync(metaFile, JSON.stringify({ inputs: result.metafile.inputs }));
  if (process.env.SOLVE_VERBOSE) console.error(`solve: bundle rebuilt in ${Math.round(performance.now() - t0)} ms`);
}
await import(pathToFileURL(outFile).href);
