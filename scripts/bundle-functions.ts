/**
 * npm run build:functions — bundles one Lambda per catalogue operation and per workflow task into
 * dist/functions/<id>/index.mjs with a single esbuild call (the bundles `cdk synth` deploys), prints each bundle's
 * minified size and writes dist/functions/manifest.json ({ id, file, bytes }[]).
 * Exits 1 when an operation has no handler file (the others are still bundled).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { operations } from '../shared/catalogue/index.ts';
import { handlerModulePath } from '../shared/catalogue/operation.ts';
import { taskEntries, workflows } from '../infra/workflows.ts';
import { triggerEntries } from '../infra/triggers.ts';
import { bundleFunctions, formatBundleReport } from './build/bundle.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const started = Date.now();
const tasks = [...taskEntries(workflows), ...triggerEntries];
const taskModules = new Map(tasks.map((t) => [t.id, t.module]));
const result = await bundleFunctions({ root, operations: [...operations, ...tasks], entryFor: (entry) => taskModules.get(entry.id) ?? handlerModulePath(entry) });
console.log(`Bundled ${result.bundles.length} function(s) into ${path.relative(root, result.outDir)} in ${Date.now() - started} ms:`);
console.log(formatBundleReport(result));
if (result.missing.length > 0) {
  console.error(`\nERROR: ${result.missing.length} operation(s) have no handler file; see the lines above.`);
  process.exitCode = 1;
}
