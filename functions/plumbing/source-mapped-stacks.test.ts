import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleFunctions } from '../../scripts/build/bundle.ts';

/**
 * Lambda bundles map their stacks themselves, when one is written (ADR 0785): a fixture handler
 * built as the Lambdas are, run in a fresh Node process without `--enable-source-maps`, gives the
 * frames Node's own mapping gives for the same code.
 */
const FIXTURE = {
  'src/box.ts': `export class Box {
  constructor(readonly size: number) {
    if (size < 0) throw new RangeError('no negative box');
  }
  open(n: number): number {
    if (n > this.size) throw new Error(\`box \${this.size} cannot hold \${n}\`);
    return n;
  }
}
export function fill(size: number, n: number): number {
  return new Box(size).open(n) + 1;
}
`,
  'src/handler.ts': `import { fill } from './box.ts';
export const handler = async (event: { size: number; n: number }) => {
  await Promise.resolve();
  return [event.n].map((n) => fill(event.size, n));
};
`,
};

/** Calls the bundle's handler with each event, and prints each error's stack. */
const RUNNER = `import { renameSync } from 'node:fs';
const [bundle, events, hideMap] = process.argv.slice(2);
if (hideMap) renameSync(new URL(bundle).pathname + '.map', new URL(bundle).pathname + '.hidden');
const { handler } = await import(bundle);
if (hideMap) renameSync(new URL(bundle).pathname + '.hidden', new URL(bundle).pathname + '.map');
const stacks = [];
for (const event of JSON.parse(events)) {
  try { await handler(event); stacks.push(null); } catch (error) { stacks.push(error.stack); }
}
process.stdout.write(JSON.stringify(stacks));
`;

const EVENTS = [
  { size: 2, n: 5 },
  { size: -1, n: 0 },
];

let dir: string;
let runner: string;
let lambda: string;
let plain: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'immo-stacks-'));
  for (const [file, text] of Object.entries(FIXTURE)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  runner = path.join(dir, 'runner.mjs');
  writeFileSync(runner, RUNNER);
  // As the Lambdas are built, and the same code built without the prelude, for Node to map.
  const built = await bundleFunctions({ root: path.resolve(import.meta.dirname, '../..'), operations: [{ id: 'fixture', area: 'fixture' }], outDir: path.join(dir, 'functions'), entryFor: () => path.join(dir, 'src/handler.ts') });
  lambda = path.join(built.outDir, 'fixture/index.mjs');
  plain = path.join(dir, 'plain/fixture/index.mjs');
  await build({ entryPoints: [path.join(dir, 'src/handler.ts')], outfile: plain, bundle: true, format: 'esm', platform: 'node', target: 'node20', minify: true, sourcemap: 'linked', sourcesContent: false, logLevel: 'silent' });
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function stacksOf(bundle: string, flags: string[], hideMap = false): string[] {
  const run = spawnSync(process.execPath, [...flags, runner, pathToFileURL(bundle).href, JSON.stringify(EVENTS), ...(hideMap ? ['hide'] : [])], { encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as string[];
}

/**
 * Node writes a mapped frame without `async`/`new`, and with the source's absolute path where ours
 * starts at the root of the build. The two builds minify names differently (`g.open`, `n.open`).
 */
const comparable = (stack: string) =>
  stack
    .replace(/ at (?:async |new )*(?:[\w$]{1,2}(?=[ .]))?/g, ' at ')
    .replaceAll(`${dir}/`, '');

describe('stacks of a Lambda bundle (ADR 0785)', () => {
  it("name the TypeScript sources' lines and columns, as Node's --enable-source-maps does, without the flag", () => {
    const ours = stacksOf(lambda, []);
    const nodes = stacksOf(plain, ['--enable-source-maps']);
    expect(ours.map(comparable)).toEqual(nodes.map(comparable));
    const [open, constructor] = ours;
    expect(open).toMatch(/^Error: box 2 cannot hold 5\n {4}at [\w$]+\.open \(src\/box\.ts:6:30\)\n {4}at fill \(src\/box\.ts:11:24\)\n {4}at [\w$]+ \(src\/handler\.ts:4:31\)\n {4}at Array\.map \(<anonymous>\)\n {4}at [\w$]+ \(src\/handler\.ts:4:20\)\n/);
    expect(constructor).toMatch(/^RangeError: no negative box\n {4}at new [\w$]+ \(src\/box\.ts:3:25\)\n {4}at fill \(src\/box\.ts:11:10\)\n/);
    // Without the prelude and the flag, the same bundle's frames are the minified file's.
    expect(stacksOf(plain, [])[0]).toMatch(/index\.mjs:1:\d+/);
  });

  it('read the map at the first stack written, not when the bundle loads', () => {
    // The map is away while the bundle loads, and back before the first error.
    const [open] = stacksOf(lambda, [], true);
    expect(open).toMatch(/at [\w$]+\.open \(src\/box\.ts:6:30\)/);
  });
});
