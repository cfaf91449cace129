/**
 * npm run build:functions — bundles one Lambda per catalogue operation into
 * dist/functions/<id>/index.mjs with a single esbuild call, prints each bundle's
 * minified size and writes dist/functions/manifest.json ({ id, file, bytes }[]).
 * Exits 1 when an operation has no handler file (the others are still bundled).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { operations } from '../shared/catalogue/index.ts';
import { bundleFunctions, formatBundleReport } from './build/bundle.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const started = Date.now();
const result = await bundleFunctions({ root, operations });
console.log(`Bundled ${result.bundles.length} function(s) into ${path.relative(root, result.outDir)} in ${Date.now() - started} ms:`);
console.log(formatBundleReport(result));
if (result.missing.length > 0) {
  console.error(`\nERROR: ${result.missing.length} operation(s) have no handler file; see the lines above.`);
  process.exitCode = 1;
}
