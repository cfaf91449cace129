import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { afterEach, describe, expect, it } from 'vitest';
import { literalSchemaKeys, sdkNamesUsed } from './sdk-layer.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** sdkNamesUsed over source files written to a temp root, as esbuild's metafile would list them. */
function namesOf(files: Record<string, string>): Record<string, string[]> {
  const root = mkdtempSync(path.join(tmpdir(), 'sdk-names-'));
  dirs.push(root);
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(root, name), text);
  const inputs = Object.fromEntries(
    [...Object.keys(files), 'node_modules/zod/index.js', 'aws-sdk-require:@aws-sdk/client-s3'].map((name) => [name, { bytes: 1, imports: [] }]),
  ) as Metafile['inputs'];
  return Object.fromEntries([...sdkNamesUsed(root, { inputs, outputs: {} })].map(([pkg, names]) => [pkg, [...names].sort()]));
}

describe('the names the SDK layer holds (ADR 0765)', () => {
  it('are the named imports and the destructured dynamic imports of @aws-sdk packages, without the type-only ones', () => {
    expect(
      namesOf({
        'a.ts': "import { GetCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';\nimport type { S3Client } from '@aws-sdk/client-s3';\nimport {\n  PutObjectCommand as Put,\n} from '@aws-sdk/client-s3';",
        'b.ts': "import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';\nexport async function f() { const { SFNClient } = await import('@aws-sdk/client-sfn'); return SFNClient; }",
      }),
    ).toEqual({ '@aws-sdk/lib-dynamodb': ['GetCommand', 'UpdateCommand'], '@aws-sdk/client-s3': ['PutObjectCommand'], '@aws-sdk/client-sfn': ['SFNClient'] });
  });

  it('refuse a use that does not say which names it needs', () => {
    expect(() => namesOf({ 'a.ts': "import * as s3 from '@aws-sdk/client-s3';" })).toThrow(/a\.ts:1: a namespace import of @aws-sdk\/client-s3/);
    expect(() => namesOf({ 'a.ts': "export const m = () => import('@aws-sdk/client-location');" })).toThrow(/a\.ts:1: import\('@aws-sdk\/client-location'\) not destructured/);
    expect(() => namesOf({ 'a.ts': "export async function f() {\n  const { ...all } = await import('@aws-sdk/client-sfn');\n}" })).toThrow(/a\.ts:2: a computed or rest name/);
  });
});

describe("the SDK clients' schemas as the layer builds them (ADR 0780)", () => {
  const clients = ['client-dynamodb', 'client-location', 'client-s3', 'client-sesv2', 'client-sfn'];
  const schemasOf = (client: string) => createRequire(import.meta.url).resolve(`@aws-sdk/${client}/package.json`).replace(/package\.json$/, 'dist-es/schemas/schemas_0.js');

  /** A schemas module's exports, built alone and loaded: each schema with its traits, a thunk by its text. */
  async function exportsOf(file: string, contents: string): Promise<string> {
    const { outputFiles } = await build({ stdin: { contents, resolveDir: path.dirname(file), sourcefile: file }, bundle: true, format: 'cjs', platform: 'node', write: false, logLevel: 'silent' });
    const module = { exports: {} as Record<string, unknown> };
    new Function('module', 'exports', 'require', outputFiles[0]!.text)(module, module.exports, createRequire(file));
    return JSON.stringify(module.exports, (_key, value: unknown) => (typeof value === 'function' ? String(value) : value));
  }

  it.each(clients)('%s: every schema and trait as the SDK wrote it, with no key left computed', async (client) => {
    const file = schemasOf(client);
    const source = readFileSync(file, 'utf8');
    const literal = literalSchemaKeys(source);
    expect(source).toMatch(/\{ \[_[A-Za-z]+\]: /);
    expect(literal).not.toMatch(/\[[A-Za-z_$][\w$]*\]:/);
    expect(await exportsOf(file, literal)).toBe(await exportsOf(file, source));
  });

  it('writes in only the string constants the module declares', () => {
    expect(literalSchemaKeys('const _a = "httpHeader";\nconst b = 1;\nexport var X$ = [0, { [_a]: 1, [b]: 2, [_c]: 3 }];\n')).toBe('const _a = "httpHeader";\nconst b = 1;\nexport var X$ = [0, { "httpHeader": 1, [b]: 2, [_c]: 3 }];\n');
  });
});
