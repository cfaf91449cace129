import { mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import path from 'node:path';
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';
import ts from 'typescript';

/**
 * The AWS SDK layer (ADR 0765): the SDK packages the handlers use, built from the SDK's ES modules
 * with only the names the handlers import, minified. Lambda mounts a layer at /opt and puts
 * /opt/nodejs/node_modules on NODE_PATH. The runtime's own SDK is CommonJS holding every command of
 * every client: S3 alone is more than a megabyte to compile at each cold start.
 *
 * The layer holds one CommonJS file per set of packages a bundle loads together (`sets/<set>.cjs`,
 * e.g. client-dynamodb+lib-dynamodb), each whole: one file compiles faster than the same code split
 * into shared ES chunks, and a bundle loads one copy of the SDK's core. Beside each bundle,
 * `aws-sdk.cjs` names its set; the bundle's `require` of an SDK package reads it there (ADR 0475).
 * A package a bundle imports at first use (`await import`) has a set of its own.
 *
 * What the SDK itself imports only when it needs it (`await import`: the credential providers after
 * the environment's, event streams) stays out of the sets: each such package is a file of its own,
 * `lazy/<package>.cjs`, required when the SDK asks for it (ADR 0770). On Lambda the environment
 * holds the function's credentials, so no set compiles the SSO, profile-file, web-identity or
 * instance-metadata providers and the STS and SSO clients they bring.
 */

/** The layer's folder inside a bundle output folder (no operation is named so). */
export const SDK_LAYER_FOLDER = 'aws-sdk-layer';
/** Where Lambda's NODE_PATH looks inside a layer. */
export const LAYER_MODULES = 'nodejs/node_modules';
/** The layer's package, holding the sets. */
export const SDK_SETS_PACKAGE = 'immo-aws-sdk';
/** Beside a bundle: which set of the layer it loads. */
export const BUNDLE_SDK_FILE = 'aws-sdk.cjs';

export const sdkLayerDirOf = (bundleOutDir: string) => path.join(bundleOutDir, SDK_LAYER_FOLDER);

/** A set's name: its packages without the scope, sorted, joined by '+'. */
export const sdkSetName = (packages: Iterable<string>) => [...new Set(packages)].map((p) => p.replace(/^@aws-sdk\//, '')).sort().join('+');

/** What `require` finds a set as, through NODE_PATH. */
export const sdkSetModule = (packages: Iterable<string>) => `${SDK_SETS_PACKAGE}/sets/${sdkSetName(packages)}.cjs`;

export interface SdkLayerPackage {
  name: string;
  version: string;
  /** The names the handlers import from it, sorted. */
  exports: string[];
}

export interface SdkLayer {
  dir: string;
  packages: SdkLayerPackage[];
  /** The sets built, by name (sdkSetName). */
  sets: string[];
  /** The packages the SDK imports at first use, each built whole into `lazy/` (lazySdkFile), sorted. */
  lazy: string[];
  /** All the layer's files together, in bytes. */
  bytes: number;
}

const SDK_PACKAGE = /^@aws-sdk\/[^/]+$/;

/**
 * The names imported from each @aws-sdk package by the handlers' own sources (the metafile's
 * inputs): `import { A, B } from '@aws-sdk/x'` and `const { A, B } = await import('@aws-sdk/x')`.
 * Type-only imports carry nothing at run time. Any other use of a package (a namespace import, a
 * dynamic import kept whole) cannot say what it needs and is refused.
 */
export function sdkNamesUsed(root: string, metafile: Metafile): Map<string, Set<string>> {
  const used = new Map<string, Set<string>>();
  const add = (pkg: string, name: string) => {
    if (!used.has(pkg)) used.set(pkg, new Set());
    used.get(pkg)!.add(name);
  };
  const sources = Object.keys(metafile.inputs).filter((input) => /\.(m?[jt]sx?)$/.test(input) && !input.includes('node_modules') && !input.includes(':'));
  for (const input of sources) {
    const file = path.resolve(root, input);
    const text = readFileSync(file, 'utf8');
    if (!text.includes('@aws-sdk/')) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const refuse = (node: ts.Node, why: string): never => {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart());
      throw new Error(`${input}:${line + 1}: ${why}: the AWS SDK layer must know each name a handler takes from the SDK (ADR 0765)`);
    };
    const visit = (node: ts.Node): void => {
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && SDK_PACKAGE.test(node.moduleSpecifier.text)) {
        const clause = node.importClause;
        const pkg = node.moduleSpecifier.text;
        if (!clause || clause.isTypeOnly) return;
        if (clause.name) refuse(node, `a default import of ${pkg}`);
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) refuse(node, `a namespace import of ${pkg}`);
        if (bindings && ts.isNamedImports(bindings)) {
          for (const element of bindings.elements) if (!element.isTypeOnly) add(pkg, (element.propertyName ?? element.name).text);
        }
        return;
      }
      if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const [specifier] = node.arguments;
        if (specifier && ts.isStringLiteral(specifier) && SDK_PACKAGE.test(specifier.text)) {
          const awaited = ts.isAwaitExpression(node.parent) ? node.parent : undefined;
          const declaration = awaited && ts.isVariableDeclaration(awaited.parent) ? awaited.parent : undefined;
          if (!declaration || !ts.isObjectBindingPattern(declaration.name)) refuse(node, `import('${specifier.text}') not destructured`);
          for (const element of (declaration!.name as ts.ObjectBindingPattern).elements) {
            const name = element.propertyName ?? element.name;
            if (!ts.isIdentifier(name) || element.dotDotDotToken) refuse(element, `a computed or rest name from ${specifier.text}`);
            add(specifier.text, (name as ts.Identifier).text);
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return used;
}

const PACKAGE = 'aws-sdk-layer-package';
const SET = 'aws-sdk-layer-set';
const LAZY = 'aws-sdk-layer-lazy';
const LAZY_FOLDER = 'lazy';

/** A package the SDK imports at first use: its file in the layer's package. */
export const lazySdkFile = (specifier: string) => `${LAZY_FOLDER}/${specifier.replace(/\//g, '~')}.cjs`;

const BUILTINS = new Set(builtinModules);

/** A client's schemas module (the SDK's schema-based serde): hundreds of array literals, one per shape. */
const SDK_SCHEMAS_MODULE = /[\\/]@aws-sdk[\\/]client-[^\\/]+[\\/]dist-es[\\/]schemas[\\/]schemas_\d+\.js$/;
const STRING_CONSTANT = /^const ([A-Za-z_$][\w$]*) = ("(?:[^"\\\n]|\\.)*");$/gm;

/**
 * A schema's traits are keyed by the module's string constants (`{ [_xN]: _ACL }`), and esbuild
 * cannot tell such a computed key is a string, so it keeps every schema of the client: S3's whole
 * model in each set that holds S3. With the constants written in as literal keys, each schema is
 * a pure literal and only those a used command reaches stay (ADR 0780).
 */
export function literalSchemaKeys(source: string): string {
  const constants = new Map([...source.matchAll(STRING_CONSTANT)].map((m) => [m[1]!, m[2]!]));
  return source.replace(/\[([A-Za-z_$][\w$]*)\]:/g, (key, name: string) => (constants.has(name) ? `${constants.get(name)}:` : key));
}

const pureSdkSchemas: Plugin = {
  name: 'aws-sdk-layer-pure-schemas',
  setup(b) {
    b.onLoad({ filter: SDK_SCHEMAS_MODULE }, (args) => ({ contents: literalSchemaKeys(readFileSync(args.path, 'utf8')), loader: 'js' }));
  },
};

/**
 * The SDK's own `import('<package>')` (not Node's modules, not a file of the same package) left out
 * of the file being built: a `require` of the package's lazy file, `from` the built file's folder,
 * when the import runs. `seen` maps each such require's path to its package.
 */
function lazySdkImports(seen: Map<string, string>, from: string): Plugin {
  return {
    name: 'aws-sdk-layer-lazy-imports',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.kind !== 'dynamic-import' || args.path.startsWith('node:') || BUILTINS.has(args.path)) return undefined;
        const file = path.posix.relative(from, lazySdkFile(args.path)).replace(/^(?!\.)/, './');
        seen.set(file, args.path);
        return { path: file, external: true };
      });
    },
  };
}

/** The lazy packages the built files still load once tree-shaken (an import in code they dropped loads nothing). */
function lazyLoaded(metafile: Metafile, seen: Map<string, string>): string[] {
  return Object.values(metafile.outputs).flatMap((output) => output.imports.filter((i) => i.external && seen.has(i.path)).map((i) => seen.get(i.path)!));
}

/**
 * Builds the layer into `dir` (emptied first): one CommonJS file per set, exporting `packages`, each
 * package's names as used. Every package of a set must be in `used`.
 */
export async function buildSdkLayer(root: string, dir: string, used: Map<string, Set<string>>, sets: readonly (readonly string[])[]): Promise<SdkLayer> {
  rmSync(dir, { recursive: true, force: true });
  const home = path.join(dir, LAYER_MODULES, SDK_SETS_PACKAGE);
  mkdirSync(home, { recursive: true });
  const require = createRequire(path.join(root, 'package.json'));
  const packages: SdkLayerPackage[] = [...used]
    .map(([name, names]) => ({ name, version: (require(`${name}/package.json`) as { version: string }).version, exports: [...names].sort() }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const bySet = new Map(sets.filter((set) => set.length > 0).map((set) => [sdkSetName(set), [...new Set(set)].sort()]));
  for (const [name, set] of bySet) {
    const unknown = set.filter((p) => !used.has(p));
    if (unknown.length > 0) throw new Error(`SDK set ${name}: no handler names what it takes from ${unknown.join(', ')}`);
  }
  writeFileSync(path.join(home, 'package.json'), `${JSON.stringify({ name: SDK_SETS_PACKAGE, private: true, description: "The AWS SDK packages of this project's Lambdas, one file per set a bundle loads (ADR 0765)", versions: Object.fromEntries(packages.map((p) => [p.name, p.version])), names: Object.fromEntries(packages.map((p) => [p.name, p.exports])) }, null, 2)}\n`);
  if (bySet.size === 0) return { dir, packages, sets: [], lazy: [], bytes: folderBytes(dir) };
  const virtual: Plugin = {
    name: 'aws-sdk-layer-entries',
    setup(b) {
      b.onResolve({ filter: new RegExp(`^(${SET}|${PACKAGE}):`) }, (args) => {
        const [namespace, ...rest] = args.path.split(':');
        return { path: rest.join(':'), namespace };
      });
      b.onLoad({ filter: /.*/, namespace: SET }, (args) => {
        const set = bySet.get(args.path)!;
        return {
          contents: [...set.map((p, i) => `import * as p${i} from '${PACKAGE}:${p}';`), `export const packages = { ${set.map((p, i) => `${JSON.stringify(p)}: p${i}`).join(', ')} };`].join('\n'),
          resolveDir: root,
          loader: 'js',
        };
      });
      b.onLoad({ filter: /.*/, namespace: PACKAGE }, (args) => ({ contents: `export { ${[...used.get(args.path)!].sort().join(', ')} } from '${args.path}';`, resolveDir: root, loader: 'js' }));
    },
  };
  const options: BuildOptions = {
    absWorkingDir: root,
    outdir: home,
    outExtension: { '.js': '.cjs' },
    bundle: true,
    splitting: false,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    // An `import()` left out becomes a `require` when it runs: the lazy files are CommonJS.
    supported: { 'dynamic-import': false },
    minify: true,
    treeShaking: true,
    // The SDK's own stack frames are not ours to read: the bundles map their own (ADR 0785).
    sourcemap: false,
    legalComments: 'none',
    // The ES builds: they tree-shake, the CommonJS ones hold every command. esbuild's default
    // conditions, not 'node': the SDK's core packages map 'node' to their CommonJS builds.
    mainFields: ['module', 'main'],
    logLevel: 'warning',
  };
  const seen = new Map<string, string>();
  const { metafile } = await build({ ...options, metafile: true, entryPoints: [...bySet.keys()].map((name) => ({ in: `${SET}:${name}`, out: `sets/${name}` })), plugins: [virtual, pureSdkSchemas, lazySdkImports(seen, 'sets')] });
  const found = new Set(lazyLoaded(metafile, seen));
  // Each lazy package whole (its every export), its own lazy imports lazy in turn, until none is new.
  const lazyEntry: Plugin = {
    name: 'aws-sdk-layer-lazy-entries',
    setup(b) {
      b.onResolve({ filter: new RegExp(`^${LAZY}:`) }, (args) => ({ path: args.path.slice(LAZY.length + 1), namespace: LAZY }));
      b.onLoad({ filter: /.*/, namespace: LAZY }, (args) => ({ contents: `export * from '${args.path}';`, resolveDir: root, loader: 'js' }));
    },
  };
  const built = new Set<string>();
  for (let next = [...found]; next.length > 0; next = [...found].filter((p) => !built.has(p))) {
    for (const p of next) built.add(p);
    const lazy = await build({ ...options, metafile: true, entryPoints: next.map((p) => ({ in: `${LAZY}:${p}`, out: lazySdkFile(p).replace(/\.cjs$/, '') })), plugins: [lazyEntry, pureSdkSchemas, lazySdkImports(seen, LAZY_FOLDER)] });
    for (const p of lazyLoaded(lazy.metafile, seen)) found.add(p);
  }
  return { dir, packages, sets: [...bySet.keys()].sort(), lazy: [...built].sort(), bytes: folderBytes(dir) };
}

/** Every file under `dir`, in bytes. */
function folderBytes(dir: string): number {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).reduce((sum, e) => (e.isFile() ? sum + statSync(path.join(e.parentPath, e.name)).size : sum), 0);
}
