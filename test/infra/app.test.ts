import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { App, Stack, type CfnElement } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../../shared/catalogue/index.ts';
import { writtenResources, type Resource } from '../../shared/catalogue/operation.ts';
import { DISPATCH_BUDGET } from '../../shared/workflows/budget.ts';
import { REQUEST_LOG_LINE_MARKER } from '../../functions/plumbing/request-log.ts';
import { ENV, INJECTOR_ABORT_INCOMPLETE_UPLOAD_DAYS, INJECTOR_RETENTION_DAYS, TABLE } from '../../shared/data/design.ts';
import { REPO_ROOT, bundleForApp, buildApp, cdkJsonContext, type ImmoApp } from '../../infra/build-app.ts';
import { FFMPEG_IMAGE } from '../../infra/native-image.ts';
import { CFN_RESOURCE_LIMIT, DEFAULT_API_BURST_LIMIT, DEFAULT_API_RATE_LIMIT, ORIGIN_VERIFY_HEADER, deploySettings } from '../../infra/config.ts';
import { ORIGIN_CHECK_HANDLER } from '../../infra/stacks/api-stack.ts';
import { OperationFunction } from '../../infra/constructs/operation-function.ts';
import type { BundleResult } from '../../scripts/build/bundle.ts';
import { BUNDLE_SDK_FILE, LAYER_MODULES, lazySdkFile, SDK_LAYER_FOLDER, SDK_SETS_PACKAGE, sdkSetModule, sdkSetName } from '../../scripts/build/sdk-layer.ts';
import { taskEntries, workflows } from '../../infra/workflows.ts';
import { PROVIDER_IMPORT_TRIGGER, triggerEntries, type ProviderImportTrigger } from '../../infra/triggers.ts';
import { PROVIDER_PREFIX } from '../../functions/use-cases/provider-import.ts';
import { acknowledgements, allTemplates, nagViolations, resourcesOfType, tempDir, type CfnTemplate } from './helpers.ts';

/** IAM action prefixes each catalogue resource may bring into an operation's role. */
const SERVICES_OF: Record<Resource, string[]> = {
  table: ['dynamodb:'],
  mediaBucket: ['s3:'],
  injectorBucket: ['s3:'],
  dispatchWorkflow: ['states:'],
  videoWorkflow: ['states:'],
  location: ['geo:'],
  mail: ['ses:'],
  // An environment variable resolved from its secret at deploy time, no IAM grant (ADR 0244).
  socialPages: [],
  // A URL template in the environment (ADR 0063), no IAM grant.
  fileSharing: [],
};

function logicalId(construct: IConstruct): string {
  return Stack.of(construct).getLogicalId(construct.node.defaultChild as CfnElement);
}

const require = createRequire(import.meta.url);
const SITE_ORIGIN = 'https://d111111abcdef8.cloudfront.net';
const SOCIAL_SECRET = 'immo/social-pages-token';
const FILE_SHARING_URL = 'https://share.example/save?url={url}&name={name}';
const MAIL_FROM = 'Immo Média <media@example.com>';

let built: ImmoApp;
let templates: Map<string, CfnTemplate>;
let bundles: BundleResult;
let data: Template;
let web: Template;

beforeAll(async () => {
  // Bundled into a temporary folder so a concurrent `cdk synth` keeps its dist/.
  const outDir = tempDir('immo-infra-functions-');
  const bundled = await bundleForApp(operations, { outDir, workflows });
  bundles = bundled.result;
  const webDist = tempDir('immo-infra-web-');
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>test</title>');
  built = buildApp({
    app: new App({ context: { ...cdkJsonContext(), siteOrigin: SITE_ORIGIN, alarmEmail: 'ops@example.com', socialPagesSecret: SOCIAL_SECRET, fileSharingSaveUrl: FILE_SHARING_URL, mailFrom: MAIL_FROM }, outdir: tempDir('immo-infra-cdkout-') }),
    operations,
    workflows,
    codeFor: bundled.codeFor,
    awsSdkLayerDir: bundled.awsSdkLayerDir,
    webDistDir: webDist,
  });
  // One synthesis (cached by the app); cdk-nag runs in it and throws on any finding.
  templates = allTemplates(built);
  data = Template.fromStack(built.data);
  web = Template.fromStack(built.web);
});

/** The environment variables of an operation's Lambda in its synthesized template. */
function functionEnv(opId: string): Record<string, unknown> {
  const fn = built.api.functions.get(opId)!;
  const template = templates.get(fn.node.scope!.node.path)!;
  const props = resourcesOfType(template, 'AWS::Lambda::Function').find(([id]) => id === logicalId(fn.function))![1].Properties!;
  return (props.Environment as { Variables: Record<string, unknown> }).Variables;
}

describe('bundles', () => {
  it('one esbuild bundle per operation, listed in the manifest with its size', () => {
    expect(bundles.missing).toEqual([]);
    expect(bundles.bundles.map((b) => b.id).sort()).toEqual([...operations.map((o) => o.id), ...taskEntries(workflows).map((t) => t.id), ...triggerEntries.map((t) => t.id)].sort());
    const manifest = JSON.parse(readFileSync(bundles.manifestPath, 'utf8')) as { id: string; file: string; bytes: number }[];
    expect(manifest).toEqual(bundles.bundles);
    for (const b of bundles.bundles) expect(b.bytes).toBeGreaterThan(0);
  });

  it('keeps every handler bundle within the 250 KB minified budget (issue 2, item 9)', () => {
    const over = bundles.bundles.filter((b) => b.bytes > 250 * 1024);
    expect(over).toEqual([]);
  });

  it('an operation bundle builds its own operation, not the rest of its catalogue module (pure defineOperation calls, ADR 0760)', () => {
    // An operation in a (minified) bundle: its definition's `id:"…"`.
    const held = (code: string) => operations.filter((o) => code.includes(`id:"${o.id}"`)).map((o) => o.id);
    const opIds = new Set(operations.map((o) => o.id));
    for (const b of bundles.bundles.filter((x) => opIds.has(x.id))) {
      const ops = held(readFileSync(path.resolve(REPO_ROOT, b.file), 'utf8'));
      expect(ops, b.id).toContain(b.id);
      // Two at most: a handler may use another operation's schema or path (the calendar feed names its iCal URL).
      expect(ops.length, `${b.id} holds ${ops.join(', ')}`).toBeLessThanOrEqual(2);
    }
  });

  it('every bundle loads as Lambda loads it: a fresh Node process, the AWS SDK found only through NODE_PATH in the SDK layer, through require (ADR 0475, 0765)', () => {
    for (const b of bundles.bundles) {
      const code = readFileSync(path.resolve(REPO_ROOT, b.file), 'utf8');
      expect(code, b.id).not.toMatch(/\bfrom\s*["']@aws-sdk\/|\bimport\(\s*["']@aws-sdk\//);
    }
    // The bundles sit outside the repository: an ESM import of the SDK would not resolve there, nor would node_modules' copy.
    const loader = path.join(tempDir('immo-infra-load-'), 'load-all.mjs');
    writeFileSync(
      loader,
      `const failed = [];
for (const file of JSON.parse(process.argv[2])) {
  Error.prepareStackTrace = undefined;
  try { if (typeof (await import(file)).handler !== 'function') failed.push(file + ': no handler'); } catch (e) { failed.push(file + ': ' + e.message); }
  // Each maps its own stacks from its load on (the injected prelude, ADR 0785).
  if (typeof Error.prepareStackTrace !== 'function') failed.push(file + ': stacks not mapped');
}
process.stdout.write(JSON.stringify(failed));
`,
    );
    const files = bundles.bundles.map((b) => pathToFileURL(path.resolve(REPO_ROOT, b.file)).href);
    const run = spawnSync(process.execPath, [loader, JSON.stringify(files)], { encoding: 'utf8', env: layerOnlyEnv() });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual([]);
  });

  it('the SDK layer holds, at the installed versions, each name the handlers take from the SDK, in one file per set of packages a bundle loads, and no command they do not use (ADR 0765)', () => {
    const layer = bundles.sdkLayer!;
    const byName = new Map(layer.packages.map((p) => [p.name, p]));
    expect([...byName.keys()]).toEqual(['@aws-sdk/client-dynamodb', '@aws-sdk/client-location', '@aws-sdk/client-s3', '@aws-sdk/client-sesv2', '@aws-sdk/client-sfn', '@aws-sdk/lib-dynamodb']);
    for (const p of layer.packages) expect(p.version, p.name).toBe((JSON.parse(readFileSync(require.resolve(`${p.name}/package.json`), 'utf8')) as { version: string }).version);
    expect(byName.get('@aws-sdk/lib-dynamodb')!.exports).toEqual(expect.arrayContaining(['DynamoDBDocumentClient', 'GetCommand', 'TransactWriteCommand']));
    expect(byName.get('@aws-sdk/client-location')!.exports).toEqual(['CalculateRouteCommand', 'CalculateRouteMatrixCommand', 'GetPlaceCommand', 'LocationClient', 'SearchPlaceIndexForSuggestionsCommand', 'SearchPlaceIndexForTextCommand']);
    // Every bundle that loads the SDK names its set beside it; the location client, loaded at first use, is a set of its own.
    const logout = bundles.bundles.find((b) => b.id === 'logout')!;
    expect(logout.sdk).toEqual(['@aws-sdk/client-dynamodb', '@aws-sdk/lib-dynamodb']);
    expect(bundles.bundles.find((b) => b.id === 'uploadedFile')!.sdk).toContain('@aws-sdk/client-s3');
    for (const b of bundles.bundles.filter((x) => x.sdk.length > 0)) {
      expect(readFileSync(path.join(path.dirname(path.resolve(REPO_ROOT, b.file)), BUNDLE_SDK_FILE), 'utf8'), b.id).toBe(`module.exports = require(${JSON.stringify(sdkSetModule(b.sdk))}).packages;\n`);
    }
    expect(layer.sets).toEqual([...new Set([...bundles.bundles.filter((b) => b.sdk.length > 0).map((b) => sdkSetName(b.sdk)), 'client-location'])].sort());
    // Each name of each package of each set, required as a handler requires it, through NODE_PATH only.
    const probe = path.join(tempDir('immo-infra-layer-'), 'probe.cjs');
    writeFileSync(probe, `const missing = [];
const [sets, exportsOf] = JSON.parse(process.argv[2]);
for (const [module, packages] of sets) {
  const loaded = require(module).packages;
  for (const pkg of packages) for (const n of exportsOf[pkg]) if (typeof loaded[pkg]?.[n] !== 'function') missing.push(module + ' ' + pkg + ' ' + n);
}
process.stdout.write(JSON.stringify(missing));
`);
    const sets = [...new Map([...bundles.bundles.filter((b) => b.sdk.length > 0).map((b) => b.sdk), ['@aws-sdk/client-location']].map((set) => [sdkSetModule(set), set])).entries()];
    expect(sets.length).toBe(layer.sets.length);
    const run = spawnSync(process.execPath, [probe, JSON.stringify([sets, Object.fromEntries(layer.packages.map((p) => [p.name, p.exports]))])], { encoding: 'utf8', env: layerOnlyEnv() });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual([]);
    // Tree-shaken: the runtime's clients hold every command of their service; the layer, the ones used.
    const text = allFiles(layer.dir).map((f) => readFileSync(f, 'utf8')).join('\n');
    expect(text).toContain('CompleteMultipartUploadCommand');
    expect(readFileSync(require.resolve('@aws-sdk/client-s3'), 'utf8')).toContain('PutBucketLifecycleConfigurationCommand');
    expect(text).not.toContain('PutBucketLifecycleConfigurationCommand');
    expect(text).not.toContain('DescribeContinuousBackups');
    // And the schemas of the shapes those commands reach only (ADR 0780): S3's model is whole in the SDK.
    const s3Set = readFileSync(path.join(layer.dir, LAYER_MODULES, sdkSetModule(['@aws-sdk/client-dynamodb', '@aws-sdk/client-s3', '@aws-sdk/lib-dynamodb'])), 'utf8');
    expect(s3Set).toContain('"CompleteMultipartUploadRequest"');
    expect(readFileSync(require.resolve('@aws-sdk/client-s3').replace(/dist-cjs[\\/]index\.js$/, 'dist-es/schemas/schemas_0.js'), 'utf8')).toContain('"AnalyticsAndOperator"');
    for (const unused of ['"AnalyticsAndOperator"', '"LifecycleRuleAndOperator"', '"InventoryConfiguration"']) expect(s3Set).not.toContain(unused);
  });

  it("what the SDK imports at first use is a file of its own, loaded only when the credential chain reaches it: with the environment's credentials, as on Lambda, no set compiles the STS or SSO clients (ADR 0770)", () => {
    const layer = bundles.sdkLayer!;
    const modules = path.join(layer.dir, LAYER_MODULES, SDK_SETS_PACKAGE);
    expect(layer.lazy).toEqual(expect.arrayContaining(['@aws-sdk/credential-provider-ini', '@aws-sdk/credential-provider-sso', '@aws-sdk/credential-provider-web-identity', '@aws-sdk/nested-clients/sts', '@smithy/credential-provider-imds']));
    for (const set of layer.sets) {
      const text = readFileSync(path.join(modules, 'sets', `${set}.cjs`), 'utf8');
      // STS's and SSO's own operations: in the lazy files only.
      expect(text, set).not.toContain('AssumeRoleWithWebIdentity');
      expect(text, set).not.toContain('GetRoleCredentials');
    }
    expect(allFiles(path.join(modules, 'lazy')).map((f) => path.relative(modules, f)).sort()).toEqual(layer.lazy.map(lazySdkFile).sort());
    const dir = tempDir('immo-infra-lazy-');
    const [probe, credentials, config] = [path.join(dir, 'probe.cjs'), path.join(dir, 'credentials'), path.join(dir, 'config')];
    writeFileSync(credentials, '[default]\naws_access_key_id = FROM-PROFILE-FILE\naws_secret_access_key = secret\n');
    writeFileSync(config, '');
    writeFileSync(probe, `const [set, lazy] = JSON.parse(process.argv[2]);
const { DynamoDBClient } = require(set).packages['@aws-sdk/client-dynamodb'];
const loadedLazy = () => Object.keys(require.cache).filter((f) => f.includes('/lazy/')).map((f) => f.slice(f.indexOf('/lazy/') + 1));
(async () => {
  const { accessKeyId } = await new DynamoDBClient({ region: 'ca-central-1' }).config.credentials();
  const before = loadedLazy();
  const exported = Object.fromEntries(lazy.map((file) => [file, Object.values(require('${SDK_SETS_PACKAGE}/' + file)).some((v) => typeof v === 'function')]));
  process.stdout.write(JSON.stringify({ accessKeyId, loaded: before, exported }));
})();
`);
    const ask = (env: NodeJS.ProcessEnv) => {
      const run = spawnSync(process.execPath, [probe, JSON.stringify([sdkSetModule(['@aws-sdk/client-dynamodb', '@aws-sdk/lib-dynamodb']), layer.lazy.map(lazySdkFile)])], { encoding: 'utf8', env: { ...layerOnlyEnv(), AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', AWS_EC2_METADATA_DISABLED: 'true', ...env } });
      expect(run.status, run.stderr).toBe(0);
      return JSON.parse(run.stdout) as { accessKeyId: string; loaded: string[]; exported: Record<string, boolean> };
    };
    // Lambda's environment holds the function's credentials: the chain stops at the first link.
    const onLambda = ask({ AWS_ACCESS_KEY_ID: 'FROM-ENVIRONMENT', AWS_SECRET_ACCESS_KEY: 'secret', AWS_SHARED_CREDENTIALS_FILE: credentials, AWS_CONFIG_FILE: config });
    expect(onLambda).toMatchObject({ accessKeyId: 'FROM-ENVIRONMENT', loaded: [] });
    // Elsewhere the chain goes on, and the profile files' provider is loaded from the layer when reached.
    const withProfile = ask({ AWS_SHARED_CREDENTIALS_FILE: credentials, AWS_CONFIG_FILE: config });
    expect(withProfile).toMatchObject({ accessKeyId: 'FROM-PROFILE-FILE', loaded: [lazySdkFile('@aws-sdk/credential-provider-ini')] });
    // And every lazy file loads through NODE_PATH alone, its exports there.
    expect(Object.entries(withProfile.exported).filter(([, ok]) => !ok)).toEqual([]);
    expect(Object.keys(withProfile.exported).length).toBe(layer.lazy.length);
  });
});

/** A child process's environment where the AWS SDK resolves only through NODE_PATH, from the layer (as on Lambda). */
function layerOnlyEnv(): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? '', NODE_PATH: path.join(bundles.sdkLayer!.dir, LAYER_MODULES), AWS_REGION: 'ca-central-1' };
}

function allFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

describe('build-time modules', () => {
  it('a bundle leaves out the module-level schemas its handler does not use, and what only they use (ADR 0775, 0790)', () => {
    // The watermark handler's imports reach the listing entity's module, but it never parses a
    // listing record: that schema's fields are not in its bundle. The booking handler, which stores
    // listings, has them.
    const text = (id: string) => readFileSync(path.resolve(REPO_ROOT, bundles.bundles.find((b) => b.id === id)!.file), 'utf8');
    expect(text('updatePicturesWatermark')).not.toContain('date_notarized');
    expect(text('createShooting')).toContain('date_notarized');
    // The zone list reaches the shootings' storage module, whose index backfill parses shooting
    // records: marked pure, it stays out with the schema (ADR 0790).
    expect(text('getZones')).not.toContain('saisie_source_completed');
    expect(text('createShooting')).toContain('saisie_source_completed');
  });

  it("the OpenAPI bundle answers the catalogue's document, computed when it was built, without the catalogue's schemas", async () => {
    const { catalogueOpenApiDocument } = await import('../../shared/openapi-document.ts');
    const bundle = bundles.bundles.find((b) => b.id === 'getOpenApiDocument')!;
    const dir = tempDir('immo-infra-openapi-');
    const [caller, answer] = [path.join(dir, 'call.mjs'), path.join(dir, 'answer.json')];
    writeFileSync(
      caller,
      `import { writeFileSync } from 'node:fs';
const { handler } = await import(process.argv[2]);
const event = { version: '2.0', routeKey: 'GET /api/openapi.json', rawPath: '/api/openapi.json', rawQueryString: '', headers: {}, requestContext: { http: { method: 'GET', path: '/api/openapi.json', sourceIp: '192.0.2.1' }, requestId: 'r1', timeEpoch: Date.now() }, isBase64Encoded: false };
writeFileSync(process.argv[3], JSON.stringify(await handler(event, { awsRequestId: 'r1', getRemainingTimeInMillis: () => 10_000 })));
`,
    );
    const run = spawnSync(process.execPath, [caller, pathToFileURL(path.resolve(REPO_ROOT, bundle.file)).href, answer], { encoding: 'utf8', env: layerOnlyEnv() });
    expect(run.status, run.stderr).toBe(0);
    const response = JSON.parse(readFileSync(answer, 'utf8')) as { statusCode: number; body: string };
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body)).toEqual(catalogueOpenApiDocument);
    // The document is inlined gzipped, and no operation's schema is in the bundle: the bundle holds no operation's summary.
    const code = readFileSync(path.resolve(REPO_ROOT, bundle.file), 'utf8');
    expect(code).not.toContain(operations.find((op) => op.id === 'createShooting')!.summary);
    expect(bundle.bytes).toBeLessThan(200 * 1024);
  });
});

describe('data stack', () => {
  it('the table: on-demand, PITR, TTL, encryption, deletion protection, retained, keys and GSIs from the design', () => {
    data.resourceCountIs('AWS::DynamoDB::Table', 1);
    data.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true },
        SSESpecification: { SSEEnabled: true },
        DeletionProtectionEnabled: true,
        KeySchema: [
          { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
          { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: TABLE.indexes.map((index) =>
          Match.objectLike({
            IndexName: index.name,
            KeySchema: [
              { AttributeName: index.partitionKey, KeyType: 'HASH' },
              { AttributeName: index.sortKey, KeyType: 'RANGE' },
            ],
          }),
        ),
      }),
    });
  });

  it(`the injector bucket: ${INJECTOR_RETENTION_DAYS}-day expiration, aborted multipart uploads, private, encrypted, CORS for browser PUTs exposing ETag`, () => {
    data.hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: {
        Rules: [
          Match.objectLike({
            Status: 'Enabled',
            ExpirationInDays: INJECTOR_RETENTION_DAYS,
            AbortIncompleteMultipartUpload: { DaysAfterInitiation: INJECTOR_ABORT_INCOMPLETE_UPLOAD_DAYS },
          }),
        ],
      },
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
      CorsConfiguration: {
        CorsRules: [Match.objectLike({ AllowedOrigins: [SITE_ORIGIN], AllowedMethods: Match.arrayWith(['PUT', 'GET']), ExposedHeaders: ['ETag'] })],
      },
      LoggingConfiguration: Match.objectLike({ LogFilePrefix: 'injector/' }),
    });
  });

  it('every bucket policy denies requests without TLS', () => {
    const dataTemplate = templates.get(built.data.node.path)!;
    const buckets = resourcesOfType(dataTemplate, 'AWS::S3::Bucket').map(([id]) => id);
    const policies = resourcesOfType(dataTemplate, 'AWS::S3::BucketPolicy');
    expect(buckets.length).toBe(3);
    for (const bucket of buckets) {
      const policy = policies.find(([, p]) => JSON.stringify(p.Properties?.Bucket) === JSON.stringify({ Ref: bucket }));
      expect(policy, `bucket policy of ${bucket}`).toBeDefined();
      expect(policy![1].Properties).toMatchObject({
        PolicyDocument: {
          Statement: expect.arrayContaining([
            expect.objectContaining({ Effect: 'Deny', Action: 's3:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          ]),
        },
      });
    }
  });
});

describe('api stack', () => {
  function functionsOf(template: CfnTemplate) {
    return resourcesOfType(template, 'AWS::Lambda::Function');
  }
  const nestedTemplates = () => built.api.operationStacks.map((s) => templates.get(s.node.path)!);

  it('exactly one Lambda per catalogue operation, each nodejs22.x on arm64 with its own log group (an image when its bundle is native)', () => {
    const fns = nestedTemplates().flatMap(functionsOf);
    expect(fns).toHaveLength(operations.length);
    expect([...built.api.functions.keys()].sort()).toEqual(operations.map((o) => o.id).sort());
    const native = new Set(bundles.bundles.filter((b) => b.native.length > 0).map((b) => logicalId(built.api.functions.get(b.id)!.function)));
    // The watermark and rendition operations import sharp (ADR 0212).
    expect(native.size).toBeGreaterThan(0);
    for (const [id, fn] of fns) {
      const common = {
        Architectures: ['arm64'],
        LoggingConfig: { LogGroup: { Ref: expect.any(String) } },
      };
      // No --enable-source-maps: it parsed every map at each cold start; the bundles map a stack when one is written (ADR 0785).
      expect((fn.Properties as { Environment?: { Variables?: Record<string, unknown> } }).Environment?.Variables ?? {}, id).not.toHaveProperty('NODE_OPTIONS');
      if (native.has(id)) {
        expect(fn.Properties).toMatchObject({ ...common, PackageType: 'Image', Code: { ImageUri: expect.anything() } });
        expect(fn.Properties).not.toHaveProperty('Runtime');
      } else expect(fn.Properties).toMatchObject({ ...common, Runtime: 'nodejs22.x', Handler: 'index.handler' });
    }
    // The not-found Lambda of the $default route, the origin-check authorizer and the request log's ingest are the only other ones.
    expect(functionsOf(templates.get(built.api.node.path)!)).toHaveLength(3);
  });

  it('every zip Lambda of ours loads the AWS SDK from its stack\'s SDK layer, nodejs22.x on arm64; inline and image ones have none (ADR 0765)', () => {
    const ours = new Set(built.app.node.findAll().filter((c): c is OperationFunction => c instanceof OperationFunction).map((f) => `${Stack.of(f).node.path} ${logicalId(f.function)}`));
    let zips = 0;
    for (const [stackPath, template] of templates) {
      const layers = resourcesOfType(template, 'AWS::Lambda::LayerVersion').filter(([id]) => id.startsWith('AwsSdkLayer'));
      for (const [id, fn] of resourcesOfType(template, 'AWS::Lambda::Function')) {
        if (!ours.has(`${stackPath} ${id}`)) continue;
        const code = fn.Properties?.Code as { S3Key?: unknown; ZipFile?: unknown; ImageUri?: unknown };
        if (code.S3Key === undefined) {
          expect(fn.Properties?.Layers, `${stackPath} ${id}`).toBeUndefined();
          continue;
        }
        zips++;
        expect(layers, stackPath).toHaveLength(1);
        expect(fn.Properties?.Layers, `${stackPath} ${id}`).toEqual([{ Ref: layers[0]![0] }]);
      }
      for (const [, layer] of layers) expect(layer.Properties).toMatchObject({ CompatibleRuntimes: ['nodejs22.x'], CompatibleArchitectures: ['arm64'] });
    }
    const images = bundles.bundles.filter((b) => b.native.length > 0).length + taskEntries(workflows).filter((t) => t.ffmpeg).length;
    expect(zips).toBe(bundles.bundles.length - images);
  });

  it("every operation's log group hands its request-log lines to the ingest, which alone writes them (ADR 0485)", () => {
    const parent = templates.get(built.api.node.path)!;
    const ingestId = logicalId(built.api.requestLogIngest.function);
    const permissions = resourcesOfType(parent, 'AWS::Lambda::Permission').filter(([, p]) => JSON.stringify(p.Properties?.FunctionName).includes(ingestId));
    expect(permissions).toHaveLength(1);
    const [permissionId, permission] = permissions[0]!;
    expect(permission.Properties).toMatchObject({ Principal: 'logs.amazonaws.com', Action: 'lambda:InvokeFunction', SourceAccount: expect.anything() });
    expect(JSON.stringify(permission.Properties?.SourceArn)).toContain(':log-group:*');
    for (const op of operations) {
      const fn = built.api.functions.get(op.id)!;
      const template = templates.get(fn.node.scope!.node.path)!;
      const filters = resourcesOfType(template, 'AWS::Logs::SubscriptionFilter').filter(([, f]) => JSON.stringify(f.Properties?.LogGroupName) === JSON.stringify({ Ref: logicalId(fn.logGroup) }));
      expect(filters, op.id).toHaveLength(1);
      expect(filters[0]![1].Properties?.FilterPattern, op.id).toBe(`"${REQUEST_LOG_LINE_MARKER}"`);
    }
    // Each nested stack, hence each subscription, is created once the ingest may be invoked, and passes the ingest's ARN in.
    for (const nested of built.api.operationStacks) {
      const resource = parent.Resources[built.api.getLogicalId(nested.nestedStackResource as CfnElement)] as { DependsOn?: string | string[]; Properties?: Record<string, unknown> } | undefined;
      expect([resource?.DependsOn].flat(), nested.node.id).toContain(permissionId);
      expect(JSON.stringify(resource?.Properties?.Parameters)).toContain(ingestId);
    }
    const ingestActions = resourcesOfType(parent, 'AWS::IAM::Policy')
      .filter(([, p]) => JSON.stringify(p.Properties?.Roles).includes(`"${logicalId(built.api.requestLogIngest.role)}"`))
      .flatMap(([, p]) => (p.Properties?.PolicyDocument as { Statement: { Action: string | string[] }[] }).Statement.flatMap((s) => [s.Action].flat()));
    expect(ingestActions).toEqual(expect.arrayContaining(['dynamodb:BatchWriteItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem']));
    // Besides the table: its failure queue, to send a failed delivery to and to read it back for the replay.
    expect(ingestActions.filter((a) => !a.startsWith('dynamodb:') && !a.startsWith('logs:') && !a.startsWith('sqs:')).sort()).toEqual([]);
    expect(ingestActions).toEqual(expect.arrayContaining(['sqs:SendMessage', 'sqs:ReceiveMessage', 'sqs:DeleteMessage']));
  });

  it("a delivery the ingest failed after Lambda's two retries waits 14 days in a queue, which an alarm watches and an off-by-default replay reads (ADR 0485)", () => {
    const parent = templates.get(built.api.node.path)!;
    const ingestId = logicalId(built.api.requestLogIngest.function);
    const queueId = built.api.getLogicalId(built.api.requestLogFailures.node.defaultChild as CfnElement);
    expect(parent.Resources[queueId]?.Properties).toMatchObject({ MessageRetentionPeriod: 14 * 86_400, VisibilityTimeout: 360, SqsManagedSseEnabled: true });
    const invokeConfigs = resourcesOfType(parent, 'AWS::Lambda::EventInvokeConfig');
    expect(invokeConfigs).toHaveLength(1);
    expect(invokeConfigs[0]![1].Properties).toMatchObject({ FunctionName: { Ref: ingestId }, MaximumRetryAttempts: 2 });
    expect(JSON.stringify(invokeConfigs[0]![1].Properties?.DestinationConfig)).toContain(queueId);
    const mappings = resourcesOfType(parent, 'AWS::Lambda::EventSourceMapping');
    expect(mappings).toHaveLength(1);
    expect(mappings[0]![1].Properties).toMatchObject({ FunctionName: { Ref: ingestId }, Enabled: false, FunctionResponseTypes: ['ReportBatchItemFailures'] });
    expect(JSON.stringify(mappings[0]![1].Properties?.EventSourceArn)).toContain(queueId);
    const alarms = resourcesOfType(templates.get(built.monitoring.node.path)!, 'AWS::CloudWatch::Alarm');
    const alarm = alarms.find(([id]) => id.startsWith('RequestLogIngestFailures'))![1].Properties!;
    expect(alarm).toMatchObject({ MetricName: 'ApproximateNumberOfMessagesVisible', Namespace: 'AWS/SQS', Threshold: 1, Statistic: 'Maximum' });
  });

  it('one route per operation (method and /api path from the catalogue), plus $default', () => {
    const routeKeys = [...templates.values()]
      .flatMap((t) => resourcesOfType(t, 'AWS::ApiGatewayV2::Route'))
      .map(([, r]) => r.Properties?.RouteKey as string)
      .sort();
    expect(routeKeys).toEqual([...operations.map((op) => `${op.method} ${op.path}`), '$default'].sort());
  });

  it('least privilege: each role holds only its own log group and the services of its catalogue resources', () => {
    for (const op of operations) {
      const fn = built.api.functions.get(op.id)!;
      const template = templates.get(fn.node.scope!.node.path)!;
      const policies = resourcesOfType(template, 'AWS::IAM::Policy').filter(([, p]) =>
        JSON.stringify(p.Properties?.Roles).includes(`"${logicalId(fn.role)}"`),
      );
      const actions = policies.flatMap(([, p]) =>
        ((p.Properties?.PolicyDocument as { Statement: { Action: string | string[] }[] }).Statement ?? []).flatMap((s) => [s.Action].flat()),
      );
      const allowed = ['logs:', ...op.resources.flatMap((r) => SERVICES_OF[r])];
      const foreign = actions.filter((a) => !allowed.some((prefix) => a.startsWith(prefix)));
      expect(foreign, `${op.id} (${op.resources.join(', ')})`).toEqual([]);
      const variables = (functionsOf(template).find(([id]) => id === logicalId(fn.function))![1].Properties?.Environment as {
        Variables: Record<string, unknown>;
      }).Variables;
      expect(Object.hasOwn(variables, ENV.tableName)).toBe(op.resources.includes('table'));
      expect(Object.hasOwn(variables, ENV.mediaBucket)).toBe(op.resources.includes('mediaBucket'));
      expect(Object.hasOwn(variables, ENV.injectorBucket)).toBe(op.resources.includes('injectorBucket'));
    }
  });

  it('a session-only operation has no S3, Step Functions or Location permission at all', () => {
    const sessionOp = operations.find((op) => op.area === 'session' && op.resources.join() === 'table');
    expect(sessionOp).toBeDefined();
    const fn = built.api.functions.get(sessionOp!.id)!;
    const template = JSON.stringify(templates.get(fn.node.scope!.node.path));
    const roleLogicalId = logicalId(fn.role);
    const policyText = JSON.stringify(
      Object.values(JSON.parse(template).Resources as CfnTemplate['Resources']).filter(
        (r) => r.Type === 'AWS::IAM::Policy' && JSON.stringify(r.Properties?.Roles).includes(roleLogicalId),
      ),
    );
    expect(policyText).toContain('dynamodb:GetItem');
    expect(policyText).not.toMatch(/"s3:|"states:|"geo:/);
  });

  it('HTTP API with access logs on its $default stage', () => {
    const api = Template.fromStack(built.api);
    api.resourceCountIs('AWS::ApiGatewayV2::Api', 1);
    api.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'HTTP' });
    api.hasResourceProperties('AWS::ApiGatewayV2::Stage', { StageName: '$default', AutoDeploy: true, AccessLogSettings: Match.anyValue() });
  });

  it('Amazon Location place index and route calculator live with the data', () => {
    data.resourceCountIs('AWS::Location::PlaceIndex', 1);
    data.resourceCountIs('AWS::Location::RouteCalculator', 1);
  });
});

describe('workflows stack', () => {
  it('deploys each shared workflow definition with one Lambda per Task state, substituted by ARN', () => {
    const wf = Template.fromStack(built.workflows);
    wf.resourceCountIs('AWS::StepFunctions::StateMachine', workflows.length);
    wf.hasResourceProperties('AWS::StepFunctions::StateMachine', { StateMachineType: 'EXPRESS', DefinitionSubstitutions: Match.objectLike({ LoadDayFunctionArn: Match.anyValue(), SolveFunctionArn: Match.anyValue(), ApplyFunctionArn: Match.anyValue() }) });
    const taskCount = workflows.reduce((n, w) => n + Object.keys(w.tasks).length, 0);
    // Plus the provider-import trigger and CDK's bucket-notification handler (below).
    expect(resourcesOfType(Template.fromStack(built.workflows).toJSON() as CfnTemplate, 'AWS::Lambda::Function')).toHaveLength(taskCount + 2);
  });

  it('a provider file created under provider-imports/ of the media bucket invokes the import Lambda (ADR 0220, 0290)', () => {
    const wf = templates.get(built.workflows.node.path)!;
    const importId = logicalId((built.workflows.node.findChild('ProviderImport') as ProviderImportTrigger).fn.function);
    expect(wf.Resources[importId]?.Properties).toMatchObject({ Timeout: 900, Description: expect.stringContaining(PROVIDER_PREFIX) });
    const [notifications, ...others] = resourcesOfType(wf, 'Custom::S3BucketNotifications');
    expect(others).toEqual([]);
    const props = notifications![1].Properties as { BucketName: unknown; Managed: boolean; NotificationConfiguration: { LambdaFunctionConfigurations: unknown[] } };
    // The media bucket, by its name from the data stack; the bucket's other settings are left alone.
    expect(JSON.stringify(props.BucketName)).toContain(logicalId(built.data.mediaBucket));
    expect(props.Managed).toBe(false);
    expect(props.NotificationConfiguration.LambdaFunctionConfigurations).toEqual([
      {
        Events: ['s3:ObjectCreated:*'],
        Filter: { Key: { FilterRules: [{ Name: 'prefix', Value: PROVIDER_PREFIX }] } },
        LambdaFunctionArn: { 'Fn::GetAtt': [importId, 'Arn'] },
      },
    ]);
    // S3 may invoke it, for this bucket and account only.
    const permission = resourcesOfType(wf, 'AWS::Lambda::Permission').find(([, r]) => JSON.stringify(r.Properties?.FunctionName).includes(importId));
    expect(permission?.[1].Properties).toMatchObject({ Action: 'lambda:InvokeFunction', Principal: 's3.amazonaws.com', SourceAccount: expect.anything() });
    expect(JSON.stringify(permission?.[1].Properties?.SourceArn)).toContain(logicalId(built.data.mediaBucket));
    // It reads the bucket and writes the table, and its bundle is the S3 handler's.
    const trigger = built.workflows.node.findChild('ProviderImport') as ProviderImportTrigger;
    const roleId = logicalId(trigger.fn.role);
    const policies = resourcesOfType(wf, 'AWS::IAM::Policy').filter(([, r]) => JSON.stringify(r.Properties?.Roles).includes(roleId));
    const actions = policies.flatMap(([, r]) => (r.Properties?.PolicyDocument as { Statement: { Action: string | string[] }[] }).Statement.flatMap((s) => [s.Action].flat()));
    expect(actions).toEqual(expect.arrayContaining(['s3:GetObject*', 'dynamodb:BatchWriteItem']));
    expect(actions.filter((a) => S3_WRITES.test(a))).toEqual([]);
    expect(bundles.bundles.find((b) => b.id === PROVIDER_IMPORT_TRIGGER.id)).toBeDefined();
  });

  it('lets the dispatch operation start the workflow synchronously', () => {
    const policies = [...templates.values()].flatMap((t) => resourcesOfType(t, 'AWS::IAM::Policy')).map(([, r]) => JSON.stringify(r.Properties));
    expect(policies.some((p) => p.includes('states:StartSyncExecution'))).toBe(true);
  });
});

describe('web stack', () => {
  it('private bucket behind CloudFront with origin access control and index.html as root object', () => {
    web.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        Origins: Match.arrayWith([Match.objectLike({ OriginAccessControlId: Match.anyValue(), S3OriginConfig: Match.anyValue() })]),
        DefaultCacheBehavior: Match.objectLike({
          ViewerProtocolPolicy: 'redirect-to-https',
          ResponseHeadersPolicyId: Match.anyValue(),
          FunctionAssociations: [Match.objectLike({ EventType: 'viewer-request' })],
        }),
      }),
    });
  });

  it('/api/* goes to the HTTP API uncached with all viewer headers except Host; no distribution-wide error pages', () => {
    web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        CacheBehaviors: [
          Match.objectLike({
            PathPattern: '/api/*',
            CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
            OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // Managed-AllViewerExceptHostHeader
            AllowedMethods: Match.arrayWith(['PUT', 'POST', 'DELETE']),
            ViewerProtocolPolicy: 'https-only',
          }),
        ],
        CustomErrorResponses: Match.absent(),
      }),
    });
  });

  it('the SPA fallback sends client routes to /index.html and leaves files alone', () => {
    const fn = resourcesOfType(templates.get(built.web.node.path)!, 'AWS::CloudFront::Function')[0]![1];
    const code = fn.Properties?.FunctionCode as string;
    const handler = new Function(`${code}; return handler;`)() as (e: { request: { uri: string } }) => { uri: string };
    const uri = (u: string) => handler({ request: { uri: u } }).uri;
    expect(uri('/')).toBe('/index.html');
    expect(uri('/shootings/2026-11-22')).toBe('/index.html');
    expect(uri('/login')).toBe('/index.html');
    expect(uri('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
    expect(uri('/favicon.ico')).toBe('/favicon.ico');
    expect(uri('/tech_review/5016.5')).toBe('/index.html');
    expect(uri('/users/edit/1e3')).toBe('/index.html');
    expect(uri('/app-config.json')).toBe('/app-config.json');
  });

  it('deploys web/dist into the bucket and invalidates CloudFront when it has been built', () => {
    web.resourceCountIs('Custom::CDKBucketDeployment', 1);
  });

  it("gives the maps Amazon Location's style through /app-config.json, with a key for tiles only, from the site only", () => {
    web.hasResourceProperties('AWS::Location::APIKey', {
      NoExpiry: true,
      Restrictions: {
        AllowActions: ['geo-maps:GetTile'],
        AllowResources: [Match.objectLike({ 'Fn::Join': Match.anyValue() })],
        AllowReferers: [Match.objectLike({ 'Fn::Join': ['', Match.arrayWith([Match.stringLikeRegexp('^https://'), Match.stringLikeRegexp('^/\\*$')])] })],
      },
    });
    // The key's value is read at deploy time and written into the config file deployed with the site.
    web.hasResourceProperties('Custom::AWS', { Update: Match.anyValue() });
    // Source.jsonData writes /app-config.json into a site asset whose marker the deployment fills with the key.
    const deployment = Object.values(web.findResources('Custom::CDKBucketDeployment'))[0]!;
    expect(JSON.stringify(deployment.Properties.SourceMarkers)).toMatch(/"Fn::GetAtt":\["MapKeyValue[A-Za-z0-9]+","Key"\]/);
  });
});

describe('whole app', () => {
  it('cdk-nag AwsSolutions: no finding left unacknowledged', () => {
    expect(nagViolations(built.app)).toEqual([]);
  });

  it('every acknowledgement names its rule and carries a real reason', () => {
    const acks = acknowledgements(built.app);
    expect(acks.length).toBeGreaterThan(0);
    for (const ack of acks) {
      expect(ack.id, ack.path).toMatch(/AwsSolutions-[A-Z]+\d+/);
      expect(ack.reason.trim().length, `${ack.path} ${ack.id}`).toBeGreaterThanOrEqual(20);
    }
    // Written into the templates too, for auditors reading CloudFormation only.
    const inTemplates = [...templates.values()].flatMap((t) =>
      Object.values(t.Resources).flatMap((r) => ((r.Metadata?.cdk_nag as { rules_to_suppress?: { reason: string }[] })?.rules_to_suppress ?? [])),
    );
    expect(inTemplates.length).toBeGreaterThan(0);
    for (const rule of inTemplates) expect(rule.reason.length).toBeGreaterThanOrEqual(20);
  });

  it(`every template, nested ones included, stays under ${CFN_RESOURCE_LIMIT} resources`, () => {
    const counts = Object.fromEntries([...templates].map(([p, t]) => [p, Object.keys(t.Resources).length]));
    console.log('CloudFormation resources per template:', counts);
    for (const [stackPath, count] of Object.entries(counts)) expect(count, stackPath).toBeLessThan(CFN_RESOURCE_LIMIT);
  });

  it('defaults to ca-central-1', () => {
    for (const stack of [built.data, built.api, built.web, built.workflows]) expect(stack.region).toBe('ca-central-1');
  });
});

/** Every IAM statement of the role of an API operation's function. */
function statementsOf(opId: string): { Action: string | string[]; Condition?: unknown }[] {
  const fn = built.api.functions.get(opId)!;
  const template = templates.get(fn.node.scope!.node.path)!;
  return resourcesOfType(template, 'AWS::IAM::Policy')
    .filter(([, p]) => JSON.stringify(p.Properties?.Roles).includes(`"${logicalId(fn.role)}"`))
    .flatMap(([, p]) => (p.Properties?.PolicyDocument as { Statement: { Action: string | string[]; Condition?: unknown }[] }).Statement);
}

const DYNAMO_WRITES = /^dynamodb:(PutItem|UpdateItem|DeleteItem|BatchWriteItem|TransactWriteItems|\*)$/;
const S3_WRITES = /^s3:(PutObject|DeleteObject|Abort|\*)/;

describe('least privilege from the catalogue (ADR 0102)', () => {
  it('an operation that only reads gets read actions and no write at all, not even for its request log (ADR 0485)', () => {
    const readOnly = operations.filter((op) => op.resources.includes('table') && !writtenResources(op).includes('table'));
    expect(readOnly.map((op) => op.id)).toEqual(expect.arrayContaining(['getShooting', 'getZones', 'getUserFromToken']));
    for (const op of readOnly) {
      const actions = statementsOf(op.id).flatMap((s) => [s.Action].flat());
      expect(actions, op.id).toContain('dynamodb:GetItem');
      expect(actions.filter((a) => DYNAMO_WRITES.test(a)), op.id).toEqual([]);
    }
  });

  it('an operation that only reads a bucket has no S3 write action; one that writes keeps them', () => {
    const readsBucket = operations.filter((op) => op.resources.some((r) => r.endsWith('Bucket')) && !writtenResources(op).some((r) => r.endsWith('Bucket')));
    expect(readsBucket.map((op) => op.id)).toEqual(expect.arrayContaining(['getDownloadLink', 'getTicketById']));
    for (const op of readsBucket) {
      const actions = statementsOf(op.id).flatMap((s) => [s.Action].flat());
      expect(actions.filter((a) => S3_WRITES.test(a)), op.id).toEqual([]);
      expect(actions, op.id).toContain('s3:GetObject*');
    }
    const zip = statementsOf('downloadAllPictures').flatMap((s) => [s.Action].flat());
    expect(zip.some((a) => S3_WRITES.test(a))).toBe(true);
    // It reads the table only: its request log is written by the ingest (ADR 0485).
    expect(zip.filter((a) => DYNAMO_WRITES.test(a))).toEqual([]);
    const writer = statementsOf('createShooting').flatMap((s) => [s.Action].flat());
    expect(writer).toEqual(expect.arrayContaining(['dynamodb:UpdateItem', 'dynamodb:BatchWriteItem']));
  });

  it('the LoadDay workflow task reads the table only; Apply writes', () => {
    const wf = templates.get(built.workflows.node.path)!;
    const policies = resourcesOfType(wf, 'AWS::IAM::Policy').map(([id, p]) => ({ id, actions: (p.Properties?.PolicyDocument as { Statement: { Action: string | string[] }[] }).Statement.flatMap((s) => [s.Action].flat()) }));
    const loadDay = policies.find((p) => p.id.includes('LoadDay'))!;
    const apply = policies.find((p) => p.id.includes('Apply'))!;
    expect(loadDay.actions.filter((a) => DYNAMO_WRITES.test(a))).toEqual([]);
    expect(apply.actions).toContain('dynamodb:UpdateItem');
  });
});

describe('the API is reachable through CloudFront only (ADR 0100)', () => {
  it('every route, $default included, goes through the origin-check authorizer on the x-origin-verify header', () => {
    const api = Template.fromStack(built.api);
    api.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'REQUEST',
      IdentitySource: [`$request.header.${ORIGIN_VERIFY_HEADER}`],
      EnableSimpleResponses: true,
    });
    const routes = [...templates.values()].flatMap((t) => resourcesOfType(t, 'AWS::ApiGatewayV2::Route'));
    expect(routes.length).toBe(operations.length + 1);
    for (const [id, route] of routes) expect(route.Properties, id).toMatchObject({ AuthorizationType: 'CUSTOM', AuthorizerId: expect.anything() });
  });

  it('CloudFront sends the secret from Secrets Manager as an origin custom header to the API', () => {
    const text = JSON.stringify(templates.get(built.web.node.path));
    expect(text).toContain(`"HeaderName":"${ORIGIN_VERIFY_HEADER}"`);
    expect(text).toMatch(/\{\{resolve:secretsmanager:/);
    Template.fromStack(built.api).resourceCountIs('AWS::SecretsManager::Secret', 1);
  });

  it('the authorizer admits the secret only', () => {
    const dir = tempDir('immo-origin-check-');
    const file = path.join(dir, 'index.cjs');
    writeFileSync(file, ORIGIN_CHECK_HANDLER);
    const load = (secret: string | undefined) => {
      if (secret === undefined) delete process.env.ORIGIN_SECRET;
      else process.env.ORIGIN_SECRET = secret;
      delete require.cache[file];
      return (require(file) as { handler: (e: unknown) => Promise<{ isAuthorized: boolean }> }).handler;
    };
    const secret = 'a'.repeat(20) + 'B'.repeat(28);
    return (async () => {
      const check = load(secret);
      expect(await check({ headers: { [ORIGIN_VERIFY_HEADER]: secret } })).toEqual({ isAuthorized: true });
      expect(await check({ headers: { [ORIGIN_VERIFY_HEADER]: `${secret}x` } })).toEqual({ isAuthorized: false });
      expect(await check({ headers: { [ORIGIN_VERIFY_HEADER]: '' } })).toEqual({ isAuthorized: false });
      expect(await check({ headers: {} })).toEqual({ isAuthorized: false });
      expect(await check({})).toEqual({ isAuthorized: false });
      // Without a (long enough) secret configured, nothing is admitted.
      expect(await load(undefined)({ headers: { [ORIGIN_VERIFY_HEADER]: '' } })).toEqual({ isAuthorized: false });
      expect(await load('short')({ headers: { [ORIGIN_VERIFY_HEADER]: 'short' } })).toEqual({ isAuthorized: false });
      delete process.env.ORIGIN_SECRET;
    })();
  });
});

describe('deploy-time settings and operations view (ADR 0103)', () => {
  it('stage throttling, rate and burst from the settings', () => {
    Template.fromStack(built.api).hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      DefaultRouteSettings: { ThrottlingRateLimit: DEFAULT_API_RATE_LIMIT, ThrottlingBurstLimit: DEFAULT_API_BURST_LIMIT },
    });
  });

  it('settings are checked: a wildcard origin, a bad e-mail or a bad rate fail the synthesis with their name', () => {
    const of = (ctx: Record<string, unknown>) => () => deploySettings((k) => ctx[k]);
    expect(of({ siteOrigin: 'https://*.cloudfront.net' })).toThrow(/siteOrigin/);
    expect(of({ siteOrigin: 'http://example.com' })).toThrow(/siteOrigin/);
    expect(of({ alarmEmail: 'not-an-address' })).toThrow(/alarmEmail/);
    expect(of({ apiRateLimit: '0' })).toThrow(/apiRateLimit/);
    expect(of({ workflowLogExecutionData: 'yes' })).toThrow(/workflowLogExecutionData/);
    expect(of({ socialPagesSecret: 'token with spaces' })).toThrow(/socialPagesSecret/);
    expect(of({ fileSharingSaveUrl: 'https://share.example/save' })).toThrow(/fileSharingSaveUrl/);
    expect(of({ mailFrom: 'not an address' })).toThrow(/mailFrom/);
    expect(of({ mailFrom: 'Immo <media@example.com' })).toThrow(/mailFrom/);
    expect(deploySettings((k) => ({ mailFrom: 'Immo Média <media@example.com>' })[k]).mailFrom).toBe('Immo Média <media@example.com>');
    expect(of({ fileSharingSaveUrl: 'http://share.example/save?url={url}' })).toThrow(/fileSharingSaveUrl/);
    expect(deploySettings(() => undefined)).toEqual({
      siteOrigins: [],
      alarmEmail: undefined,
      apiRateLimit: DEFAULT_API_RATE_LIMIT,
      apiBurstLimit: DEFAULT_API_BURST_LIMIT,
      workflowLogExecutionData: false,
      socialPagesSecret: undefined,
      fileSharingSaveUrl: undefined,
      mailFrom: undefined,
    });
    expect(deploySettings((k) => ({ siteOrigin: 'https://a.example.com, https://b.example.com:8443', apiRateLimit: '20' })[k]).siteOrigins).toEqual([
      'https://a.example.com',
      'https://b.example.com:8443',
    ]);
  });

  it('no bucket CORS rule names a wildcard origin', () => {
    const text = JSON.stringify(templates.get(built.data.node.path));
    expect(text).not.toContain('*.cloudfront.net');
  });

  it('stack outputs: the site URL and the API URL (through CloudFront)', () => {
    const outputs = Template.fromStack(built.web).toJSON().Outputs as Record<string, { Value: unknown }>;
    expect(Object.keys(outputs)).toEqual(expect.arrayContaining(['SiteUrl', 'ApiUrl']));
    expect(JSON.stringify(outputs.ApiUrl!.Value)).toContain('/api');
  });

  it('Step Functions logs errors only, without execution data', () => {
    Template.fromStack(built.workflows).hasResourceProperties('AWS::StepFunctions::StateMachine', {
      LoggingConfiguration: Match.objectLike({ Level: 'ERROR', IncludeExecutionData: false }),
    });
  });

  it('the social token reaches only the operations that call the social network, as a reference to its secret (ADR 0244)', () => {
    const social = new Set(operations.filter((o) => o.resources.includes('socialPages')).map((o) => o.id));
    expect([...social].sort()).toEqual(['getUnlinkedSocialPages', 'linkSocialPage']);
    for (const op of operations) {
      const token = functionEnv(op.id)[ENV.socialPagesToken];
      if (social.has(op.id)) expect(token, op.id).toBe(`{{resolve:secretsmanager:${SOCIAL_SECRET}:SecretString:::}}`);
      else expect(token, op.id).toBeUndefined();
    }
  });

  it('the file-sharing setting reaches the delivery page operation only (ADR 0063)', () => {
    for (const op of operations) {
      const url = functionEnv(op.id)[ENV.fileSharingSaveUrl];
      expect(url, op.id).toBe(op.id === 'getDeliveriesFromToken' ? FILE_SHARING_URL : undefined);
    }
  });

  it("the site's origin and the sender reach the operations that send mail (ADR 0213)", () => {
    const mailing = operations.filter((o) => o.resources.includes('mail')).map((o) => o.id);
    expect(mailing.sort()).toEqual(['createShooting', 'sendMediaEmail', 'sendShootingReminderToPhotographers', 'updateLockStatus']);
    for (const op of operations) {
      const origin = functionEnv(op.id)[ENV.siteOrigin];
      expect(origin, op.id).toBe(mailing.includes(op.id) ? SITE_ORIGIN : undefined);
      expect(functionEnv(op.id)[ENV.mailFrom], op.id).toBe(mailing.includes(op.id) ? MAIL_FROM : undefined);
    }
  });

  it('native bundles ship as container images: sharp installed for linux-arm64 at the local version, the video Render task with ffmpeg and its font (ADR 0242)', () => {
    const sharpBundle = bundles.bundles.find((b) => b.native.includes('sharp'))!;
    const dockerfile = (id: string) => readFileSync(path.join(path.dirname(path.resolve(REPO_ROOT, bundles.bundles.find((b) => b.id === id)!.file)), 'Dockerfile'), 'utf8');
    const sharpVersion = (JSON.parse(readFileSync(require.resolve('sharp/package.json'), 'utf8')) as { version: string }).version;
    expect(dockerfile(sharpBundle.id)).toContain(`--os=linux --cpu=arm64 sharp@${sharpVersion}`);
    expect(dockerfile(sharpBundle.id)).not.toContain('ffmpeg');
    const render = taskEntries(workflows).find((t) => t.ffmpeg)!;
    const text = dockerfile(render.id);
    expect(text).toContain(`FROM --platform=linux/arm64 ${FFMPEG_IMAGE} AS ffmpeg`);
    expect(text).toContain('COPY --from=ffmpeg /ffmpeg /ffprobe /opt/bin/');
    expect(text).toMatch(/ENV FFMPEG_PATH=\/opt\/bin\/ffmpeg FFPROBE_PATH=\/opt\/bin\/ffprobe VIDEO_FONT_FILE=\S+DejaVuSans-Bold\.ttf/);
    // The SDK layer, where a zip Lambda has it (ADR 0765): its folder beside the Dockerfile, copied to /opt.
    for (const id of [sharpBundle.id, render.id]) {
      expect(dockerfile(id), id).toContain(`COPY ${SDK_LAYER_FOLDER}/ /opt/\nENV NODE_PATH=/opt/${LAYER_MODULES}:\${NODE_PATH}\n`);
      expect(dockerfile(id), id).toContain(`COPY index.mjs index.mjs.map ${BUNDLE_SDK_FILE} \${LAMBDA_TASK_ROOT}/`);
      const bundle = bundles.bundles.find((b) => b.id === id)!;
      const copy = path.join(path.dirname(path.resolve(REPO_ROOT, bundle.file)), SDK_LAYER_FOLDER, LAYER_MODULES, `${sdkSetModule(bundle.sdk)}`);
      expect(readFileSync(copy, 'utf8'), id).toContain('DynamoDBDocumentClient');
    }
    const taskFns = resourcesOfType(templates.get(built.workflows.node.path)!, 'AWS::Lambda::Function');
    const images = taskFns.filter(([, f]) => f.Properties?.PackageType === 'Image');
    const nativeTasks = taskEntries(workflows).filter((t) => t.ffmpeg || bundles.bundles.find((b) => b.id === t.id)!.native.length > 0);
    expect(images).toHaveLength(nativeTasks.length);
    for (const [, f] of images) expect(f.Properties).toMatchObject({ Architectures: ['arm64'], Code: { ImageUri: expect.anything() } });
  });

  it('the dispatch budget reaches the templates: operation, workflow and task timeouts', () => {
    const fn = built.api.functions.get('dispatchShooting')!;
    const template = templates.get(fn.node.scope!.node.path)!;
    const props = resourcesOfType(template, 'AWS::Lambda::Function').find(([id]) => id === logicalId(fn.function))![1].Properties!;
    expect(props.Timeout).toBe(DISPATCH_BUDGET.operationTimeoutS);
    const wf = JSON.stringify(templates.get(built.workflows.node.path));
    expect(wf).toContain(`\\"TimeoutSeconds\\":${DISPATCH_BUDGET.workflowTimeoutS}`);
    const timeouts = resourcesOfType(templates.get(built.workflows.node.path)!, 'AWS::Lambda::Function').map(([, f]) => f.Properties?.Timeout);
    // The dispatch tasks' budgets among the workflows' task Lambdas (the video workflow's are its own, ADR 0240).
    expect(timeouts).toEqual(expect.arrayContaining([DISPATCH_BUDGET.loadDayTimeoutS, DISPATCH_BUDGET.solveTimeoutS, DISPATCH_BUDGET.applyTimeoutS]));
  });

  it('alarms on API 5xx rate, Lambda errors and throttles, DynamoDB throttles and failed workflows, to a topic mailing the configured address', () => {
    const monitoring = Template.fromStack(built.monitoring);
    monitoring.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@example.com' });
    const alarms = resourcesOfType(templates.get(built.monitoring.node.path)!, 'AWS::CloudWatch::Alarm');
    expect(alarms.map(([id]) => id.replace(/[0-9A-F]{8}$/, '')).sort()).toEqual(
      ['Api5xxRate', 'DynamoDbThrottles', 'LambdaErrors', 'LambdaThrottles', 'RequestLogIngestFailures', ...workflows.map((_, i) => `WorkflowFailures${i + 1}`)].sort(),
    );
    for (const [id, alarm] of alarms) {
      expect(alarm.Properties?.AlarmActions, id).toEqual([{ Ref: expect.stringMatching(/^Alarms/) }]);
    }
    const text = JSON.stringify(alarms);
    // A Metrics Insights query in an alarm needs its period on the query itself.
    const lambdaErrors = alarms.find(([id]) => id.startsWith('LambdaErrors'))![1].Properties as { Metrics: { Expression?: string; Period?: number }[] };
    expect(lambdaErrors.Metrics).toEqual([expect.objectContaining({ Expression: expect.stringContaining('SELECT'), Period: 300 })]);
    expect(text).toContain('SELECT SUM(Errors) FROM SCHEMA(\\"AWS/Lambda\\", FunctionName)');
    expect(text).toContain(`FunctionName LIKE '${built.api.stackName}-%'`);
  });
});
