import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Metafile } from 'esbuild';
import { afterEach, describe, expect, it } from 'vitest';
import { sdkNamesUsed } from './sdk-layer.ts';

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
