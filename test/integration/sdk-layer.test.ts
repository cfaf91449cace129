import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abortMultipartUpload, createMultipartUpload, MiB } from '#shared/catalogue/rij.ts';
import { ENV } from '#shared/data/design.ts';
import { Role } from '#shared/roles.ts';
import { db, tableName } from '#functions/plumbing/aws.ts';
import { keys } from '#functions/plumbing/keys.ts';
import { bundleFunctions, type BundleResult } from '../../scripts/build/bundle.ts';
import { LAYER_MODULES, sdkSetModule } from '../../scripts/build/sdk-layer.ts';
import { REPO_ROOT } from '../../infra/build-app.ts';
import { tokenFor } from '../support/api.ts';
import { bodyOf, callHere } from '../support/operations.ts';

/**
 * The deployed shape of a handler (ADR 0765): its bundle, outside the repository, in a Node process
 * of its own that finds the AWS SDK only through NODE_PATH, in the SDK layer built beside it; here
 * against the stack's DynamoDB Local and s3rver. The layer's SDK is the SDK's ES build, tree-shaken
 * to the names the handlers import: this shows it signs, sends and reads real requests of both
 * services (DynamoDB's JSON protocol, S3's REST and XML).
 */
const run = promisify(execFile);
let dir: string;
let runner: string;
let built: BundleResult;

// The answer goes to a file: the handler prints its request-log line on stdout, as on Lambda. With it, the CommonJS files the process loaded.
const RUNNER = `import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
const [bundle, event, answer] = process.argv.slice(2);
const { handler } = await import(bundle);
const result = await handler(JSON.parse(event), { awsRequestId: 'sdk-layer-test' });
writeFileSync(answer, JSON.stringify({ result, loaded: Object.keys(createRequire(bundle).cache) }));
`;

/** A handler that API Gateway would call: its bundle, run in a fresh process as Lambda runs it. */
function deployed(id: string): { handler: (event: unknown) => Promise<unknown>; loaded: string[] } {
  const bundle = pathToFileURL(path.join(built.outDir, id, 'index.mjs')).href;
  const fromStack = [ENV.localMode, ENV.tableName, ENV.dynamoEndpoint, ENV.s3Endpoint, ENV.mediaBucket, ENV.injectorBucket, 'AWS_REGION'];
  const env = { PATH: process.env.PATH ?? '', NODE_PATH: path.join(built.sdkLayer!.dir, LAYER_MODULES), AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', ...Object.fromEntries(fromStack.map((name) => [name, process.env[name] ?? ''])) };
  const loaded: string[] = [];
  return {
    loaded,
    handler: async (event) => {
      const file = path.join(dir, `answer-${id}-${loaded.length}.json`);
      await run(process.execPath, [runner, bundle, JSON.stringify(event), file], { env, cwd: dir });
      const answer = JSON.parse(readFileSync(file, 'utf8')) as { result: unknown; loaded: string[] };
      loaded.push(...answer.loaded);
      return answer.result;
    },
  };
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'immo-sdk-layer-'));
  runner = path.join(dir, 'runner.mjs');
  writeFileSync(runner, RUNNER);
  built = await bundleFunctions({ root: REPO_ROOT, operations: [createMultipartUpload, abortMultipartUpload], outDir: path.join(dir, 'functions') });
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('handler bundles on the SDK layer (ADR 0765)', () => {
  it('start and abort a multipart upload: S3 and DynamoDB reached through the layer, the record stored and then released', async () => {
    const { token, account } = await tokenFor(Role.tech_postprod_lead);
    const create = deployed('createMultipartUpload');
    const abort = deployed('abortMultipartUpload');
    const today = new Date().toISOString().slice(0, 10);
    const started = bodyOf(
      await callHere(create.handler, createMultipartUpload, { filename: `layer-${Date.now()}.zip`, filetype: 'application/zip', size: 6 * MiB, lastModified: 1, partSize: 5 * MiB, date: today }, token),
    );
    expect(started).toMatchObject({ partSize: 5 * MiB, partCount: 2, resumed: false, parts: [] });
    expect(started.uploadId).not.toBe('');
    const record = async () => (await db.send(new GetCommand({ TableName: tableName(), Key: keys.rijUpload(started.uploadId), ConsistentRead: true }))).Item;
    expect(await record()).toMatchObject({ user_id: account.id, name: started.name });
    // Where s3rver cannot abort, the layer's S3 client reads its XML error as such (ADR 0041).
    const aborted = bodyOf(await callHere(abort.handler, abortMultipartUpload, { uploadId: started.uploadId }, token));
    expect(['aborted', 'not-supported']).toContain(aborted.s3);
    expect(await record()).toBeUndefined();
    // Each run loaded the bundle's SDK set from the layer, and nothing from node_modules.
    const set = path.join(built.sdkLayer!.dir, LAYER_MODULES, sdkSetModule(['@aws-sdk/client-dynamodb', '@aws-sdk/client-s3', '@aws-sdk/lib-dynamodb']));
    for (const loaded of [create.loaded, abort.loaded]) {
      expect(loaded).toContain(set);
      expect(loaded.filter((file) => file.includes('node_modules') && !file.startsWith(built.sdkLayer!.dir))).toEqual([]);
    }
  });
});
