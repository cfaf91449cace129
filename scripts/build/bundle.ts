import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Metafile, type Plugin } from 'esbuild';
import type { OperationDef } from '../../shared/catalogue/operation.ts';
import { handlerModulePath } from '../../shared/catalogue/operation.ts';
import { BUNDLE_SDK_FILE, buildSdkLayer, sdkLayerDirOf, sdkNamesUsed, sdkSetModule, type SdkLayer } from './sdk-layer.ts';

/** One line of dist/functions/manifest.json. */
export interface BundleEntry {
  id: string;
  /** Path of the bundle relative to the repository root, e.g. dist/functions/login/index.mjs. */
  file: string;
  /** Minified size in bytes (the .mjs only, not its source map). */
  bytes: number;
  /** Native packages the bundle imports but cannot inline (e.g. sharp): its deployment must bring them. */
  native: string[];
  /** The @aws-sdk packages it loads at start, from the SDK layer's set named in its aws-sdk.cjs (ADR 0765). */
  sdk: string[];
}

export interface BundleResult {
  outDir: string;
  manifestPath: string;
  bundles: BundleEntry[];
  /** Operations skipped because their handler file does not exist. */
  missing: { id: string; expected: string }[];
  /** esbuild's metafile (inputs, outputs, imports): what each bundle pulls in and through which module (ADR 0380). */
  metafile?: Metafile;
  /** The AWS SDK layer the bundles load the SDK from (ADR 0765); none when the SDK is bundled in. */
  sdkLayer?: SdkLayer;
}

export interface BundleOptions {
  /** Repository root; relative paths are resolved from here. */
  root: string;
  operations: readonly Pick<OperationDef, 'id' | 'area'>[];
  /** Output folder; default `<root>/dist/functions`. */
  outDir?: string;
  /** Where an operation's handler lives; default handlerModulePath(op). Tests point it at a stub. */
  entryFor?: (op: Pick<OperationDef, 'id' | 'area'>) => string;
  /** Bundle @aws-sdk/* into each handler instead of loading it from the SDK layer (default false; ADR 0011, 0765). */
  bundleAwsSdk?: boolean;
}

export const DEFAULT_OUT_DIR = 'dist/functions';
/** Run by every bundle before its handler's modules (preludedEntries). */
export const BUNDLE_PRELUDE = 'functions/plumbing/bundle-prelude.ts';

/**
 * Bundles every operation's handler with ONE esbuild call (many entry points), so the
 * CDK app only zips ready files: dist/functions/<id>/index.mjs (+ .map) and a manifest.
 * The AWS SDK v3 is external, loaded through require (ADR 0475) from the SDK layer built beside the
 * bundles, in <outDir>/aws-sdk-layer: see docs/decisions/0011, 0380, 0475 and 0765.
 */
export async function bundleFunctions(options: BundleOptions): Promise<BundleResult> {
  const root = path.resolve(options.root);
  const outDir = path.resolve(root, options.outDir ?? DEFAULT_OUT_DIR);
  const entryFor = options.entryFor ?? handlerModulePath;

  const ids = new Set<string>();
  const entryPoints: { in: string; out: string }[] = [];
  const missing: BundleResult['missing'] = [];
  for (const op of options.operations) {
    if (ids.has(op.id)) throw new Error(`Duplicate operation id in the catalogue: ${op.id}`);
    ids.add(op.id);
    const entry = path.resolve(root, entryFor(op));
    if (!existsSync(entry)) {
      missing.push({ id: op.id, expected: path.relative(root, entry) });
      continue;
    }
    entryPoints.push({ in: `${PRELUDED}:${entry}`, out: `${op.id}/index` });
  }

  // A clean folder: a deleted operation must not leave a stale bundle behind.
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });

  let metafile: Metafile | undefined;
  if (entryPoints.length > 0) {
    ({ metafile } = await build({
      absWorkingDir: root,
      entryPoints,
      outdir: outDir,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      splitting: false,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      minify: true,
      treeShaking: true,
      sourcemap: 'linked',
      // Stack traces need the mappings only; the sources stay out of the deployed zip.
      sourcesContent: false,
      legalComments: 'none',
      // ESM first so the SDK's es builds are tree-shaken.
      mainFields: ['module', 'main'],
      conditions: ['node', 'import'],
      // CommonJS dependencies calling require() on Node built-ins, and the runtime's AWS SDK (below), need a require in ESM.
      banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
      // sharp is native (libvips): never inlined; a bundle importing it is deployed as a container image that installs it for linux-arm64 (docs/decisions/0242).
      external: [...NATIVE_PACKAGES],
      plugins: [preludedEntries(root), zodLocalesPlugin, buildTimeModules(root), ...(options.bundleAwsSdk ? [] : [awsSdkThroughRequire])],
      // Local-only code (offline gazetteer, emulator credentials) is dead in AWS: drop it.
      define: { 'process.env.IMMO_LOCAL': 'undefined' },
      logLevel: 'warning',
      metafile: true,
    }));
  }

  const bundles: BundleEntry[] = entryPoints.map(({ out }) => {
    const id = out.slice(0, -'/index'.length);
    const abs = path.join(outDir, id, 'index.mjs');
    const file = path.relative(root, abs).split(path.sep).join('/');
    return { id, file, bytes: statSync(abs).size, native: nativeImportsOf(metafile, file), sdk: sdkPackagesOf(metafile, file, SDK_STATIC) };
  });
  const manifestPath = path.join(outDir, 'manifest.json');
  writeFileSync(manifestPath, `${JSON.stringify(bundles, null, 2)}\n`);
  let sdkLayer: SdkLayer | undefined;
  if (metafile && !options.bundleAwsSdk) {
    for (const b of bundles.filter((x) => x.sdk.length > 0)) {
      writeFileSync(path.join(path.dirname(path.resolve(root, b.file)), BUNDLE_SDK_FILE), `module.exports = require(${JSON.stringify(sdkSetModule(b.sdk))}).packages;\n`);
    }
    const lazy = [...new Set(bundles.flatMap((b) => sdkPackagesOf(metafile, b.file, SDK_LAZY)))].map((p) => [p]);
    sdkLayer = await buildSdkLayer(root, sdkLayerDirOf(outDir), sdkNamesUsed(root, metafile), [...bundles.map((b) => b.sdk), ...lazy]);
  }
  return { outDir, manifestPath, bundles, missing, ...(metafile ? { metafile } : {}), ...(sdkLayer ? { sdkLayer } : {}) };
}

/**
 * Each bundle's entry: the prelude, then the handler's module, re-exported. An ES module's imports
 * run in order, so the prelude runs before any of the handler's modules: it maps the stacks from
 * then on (ADR 0785). esbuild's `inject` would add the prelude's import to every module instead.
 */
const PRELUDED = 'bundle-entry';
function preludedEntries(root: string): Plugin {
  return {
    name: 'preluded-entries',
    setup(b) {
      b.onResolve({ filter: new RegExp(`^${PRELUDED}:`) }, (args) => ({ path: args.path.slice(PRELUDED.length + 1), namespace: PRELUDED }));
      b.onLoad({ filter: /.*/, namespace: PRELUDED }, (args) => ({
        contents: `import ${JSON.stringify(path.join(root, BUNDLE_PRELUDE))};\nexport * from ${JSON.stringify(args.path)};\n`,
        resolveDir: root,
        loader: 'js',
      }));
    },
  };
}

/** Packages with a platform binary, never inlined: a bundle importing one is deployed with it (infra/native-image.ts). */
export const NATIVE_PACKAGES = ['sharp'] as const;

/** The SDK packages a bundle holds a loader of, of one kind (static or lazy). */
function sdkPackagesOf(metafile: Metafile | undefined, file: string, namespace: string): string[] {
  const inputs = Object.keys(metafile?.outputs[file]?.inputs ?? {});
  return inputs.filter((i) => i.startsWith(`${namespace}:`)).map((i) => i.slice(namespace.length + 1)).sort();
}

function nativeImportsOf(metafile: Metafile | undefined, file: string): string[] {
  const imports = metafile?.outputs[file]?.imports ?? [];
  return [...new Set(imports.filter((i) => i.external && (NATIVE_PACKAGES as readonly string[]).includes(i.path)).map((i) => i.path))].sort();
}

/** Human-readable report: one line per bundle, largest first, then the missing handlers. */
export function formatBundleReport(result: BundleResult): string {
  const lines = [...result.bundles]
    .sort((a, b) => b.bytes - a.bytes)
    .map((b) => `  ${formatBytes(b.bytes).padStart(9)}  ${b.id}  (${b.file})`);
  const sizes = result.bundles.map((b) => b.bytes).sort((a, b) => a - b);
  const median = sizes.length ? sizes[Math.floor((sizes.length - 1) / 2)]! : 0;
  const largest = sizes.length ? sizes[sizes.length - 1]! : 0;
  lines.push(`  ${result.bundles.length} bundle(s); largest ${formatBytes(largest)}, median ${formatBytes(median)} (minified)`);
  if (result.sdkLayer) {
    lines.push(`  AWS SDK layer: ${formatBytes(result.sdkLayer.bytes)}, ${result.sdkLayer.packages.map((p) => `${p.name} (${p.exports.length})`).join(', ')}`);
  }
  for (const m of result.missing) {
    lines.push(`  ERROR: no handler for operation '${m.id}': expected ${m.expected} exporting handler; not bundled`);
  }
  return lines.join('\n');
}

export function formatBytes(bytes: number): string {
  return bytes >= 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${bytes} B`;
}

/**
 * Each `@aws-sdk/*` import becomes a one-line CommonJS module whose require (the banner's) stays
 * external, which skips the ESM loader's resolution and export-name scan (ADR 0475). A static
 * import reads the package from the bundle's `aws-sdk.cjs`, which requires the SDK layer's set for
 * that bundle through NODE_PATH (written after the build, when each bundle's packages are known); a
 * dynamic import requires the package's own set, at first use (ADR 0765).
 */
const SDK_STATIC = 'aws-sdk-static';
const SDK_LAZY = 'aws-sdk-lazy';
const awsSdkThroughRequire: Plugin = {
  name: 'aws-sdk-through-require',
  setup(b) {
    b.onResolve({ filter: /^@aws-sdk\// }, (args) => ({ path: args.path, namespace: args.kind === 'dynamic-import' ? SDK_LAZY : SDK_STATIC }));
    b.onResolve({ filter: /.*/, namespace: SDK_STATIC }, (args) => ({ path: args.path, external: true }));
    b.onResolve({ filter: /.*/, namespace: SDK_LAZY }, (args) => ({ path: args.path, external: true }));
    b.onLoad({ filter: /.*/, namespace: SDK_STATIC }, (args) => ({ contents: `module.exports = require(${JSON.stringify(`./${BUNDLE_SDK_FILE}`)})[${JSON.stringify(args.path)}];`, loader: 'js' }));
    b.onLoad({ filter: /.*/, namespace: SDK_LAZY }, (args) => ({ contents: `module.exports = require(${JSON.stringify(sdkSetModule([args.path]))}).packages[${JSON.stringify(args.path)}];`, loader: 'js' }));
  },
};

/**
 * Modules whose exports are computed once, when the bundles are built, and inlined as gzipped
 * JSON: the bundle then holds the values without the code and data that compute them. The OpenAPI document
 * needs every operation's schemas: 240 KB for its bundle before, and they were built at each cold
 * start.
 */
export const BUILD_TIME_MODULES = ['shared/openapi-document.ts'] as const;

function buildTimeModules(root: string): Plugin {
  const files = BUILD_TIME_MODULES.map((file) => path.resolve(root, file));
  const escape = (file: string) => file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return {
    name: 'build-time-modules',
    setup(b) {
      b.onLoad({ filter: new RegExp(`^(${files.map(escape).join('|')})$`) }, async (args) => {
        const values = (await import(pathToFileURL(args.path).href)) as Record<string, unknown>;
        for (const [name, value] of Object.entries(values)) {
          if (typeof value === 'function' || value === undefined) throw new Error(`${args.path}: export '${name}' is not a JSON value; a build-time module exports data only`);
        }
        // Gzipped: the OpenAPI document is 371 KB of JSON and 29 KB gzipped; unzipping it takes about a millisecond.
        const contents = [
          "import { gunzipSync } from 'node:zlib';",
          ...Object.entries(values).map(([name, value]) => `export const ${name} = JSON.parse(gunzipSync(Buffer.from('${gzipSync(JSON.stringify(value), { level: 9 }).toString('base64')}', 'base64')).toString('utf8'));`),
        ].join('\n');
        return { contents, loader: 'js' };
      });
    },
  };
}

/**
 * zod's `z` namespace re-exports every locale (`z.locales`), which esbuild cannot
 * tree-shake: ~200 KB of messages in 40 languages per bundle. Handlers only ever use
 * zod's default English messages (our user-facing texts come from the catalogue) and
 * French, so the locale index is replaced by one exporting just those two.
 */
const zodLocalesPlugin: Plugin = {
  name: 'zod-locales-en-fr',
  setup(b) {
    b.onResolve({ filter: /\/locales\/index\.js$/ }, (args) => {
      if (!/[\\/]zod[\\/]/.test(args.importer)) return undefined;
      return { path: path.resolve(args.resolveDir, args.path), namespace: 'zod-locales' };
    });
    b.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (args) => ({
      contents: "export { default as en } from './en.js';\nexport { default as fr } from './fr.js';\n",
      resolveDir: path.dirname(args.path),
      loader: 'js',
    }));
  },
};
