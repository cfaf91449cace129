import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { App, SecretValue, type Environment } from 'aws-cdk-lib';
import { Code } from 'aws-cdk-lib/aws-lambda';
import { DEFAULT_REGION } from '../shared/data/design.ts';
import type { OperationDef } from '../shared/catalogue/operation.ts';
import { handlerModulePath } from '../shared/catalogue/operation.ts';
import { bundleFunctions, formatBundleReport, type BundleResult } from '../scripts/build/bundle.ts';
import { FUNCTIONS_DIST, WEB_DIST, deploySettings, type DeploySettings } from './config.ts';
import { applyNag } from './nag.ts';
import { nativeImageCode, needsImage } from './native-image.ts';
import { AWS_SDK_LAYER_CONTEXT } from './constructs/aws-sdk-layer.ts';
import { ApiStack, type ApiOperation } from './stacks/api-stack.ts';
import { DataStack } from './stacks/data-stack.ts';
import { MonitoringStack } from './stacks/monitoring-stack.ts';
import { WebStack } from './stacks/web-stack.ts';
import { WorkflowsStack } from './stacks/workflows-stack.ts';
import { taskEntries, type WorkflowDef } from './workflows.ts';
import { ProviderImportTrigger, PROVIDER_IMPORT_TRIGGER, REQUEST_LOG_INGEST, triggerEntries } from './triggers.ts';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface BuildAppOptions {
  app?: App;
  operations: readonly ApiOperation[];
  workflows: readonly WorkflowDef[];
  /** Deployment package per operation or workflow task, by bundle id; see bundleForApp(). */
  codeFor: (bundleId: string) => Code;
  /** The AWS SDK layer every bundle's Lambda loads the SDK from (ADR 0765); see bundleForApp(). */
  awsSdkLayerDir?: string;
  /** Built web app to upload; omitted when web/dist does not exist. */
  webDistDir?: string;
  /** Apply cdk-nag's AwsSolutions pack (default true). */
  nag?: boolean;
  maxOperationsPerStack?: number;
}

export interface ImmoApp {
  app: App;
  data: DataStack;
  workflows: WorkflowsStack;
  api: ApiStack;
  web: WebStack;
  monitoring: MonitoringStack;
  settings: DeploySettings;
}

/** The four stacks, wired. Used by infra/app.ts (cdk synth) and by the infra tests. */
export function buildApp(options: BuildAppOptions): ImmoApp {
  const app = options.app ?? new App({ context: cdkJsonContext() });
  if (options.awsSdkLayerDir) app.node.setContext(AWS_SDK_LAYER_CONTEXT, options.awsSdkLayerDir);
  const prefix: string = app.node.tryGetContext('stackPrefix') ?? 'Immo';
  const env: Environment = {
    // Unresolved (environment-agnostic) unless the CLI knows the account; never looked up.
    account: process.env.CDK_DEFAULT_ACCOUNT,
    // The business is in Quebec: ca-central-1 unless the context says otherwise. The CLI's
    // CDK_DEFAULT_REGION (from a profile) is deliberately not followed.
    region: app.node.tryGetContext('region') ?? DEFAULT_REGION,
  };
  const settings = deploySettings((key) => app.node.tryGetContext(key));
  if (options.nag ?? true) applyNag(app);

  const data = new DataStack(app, `${prefix}Data`, { env, siteOrigins: settings.siteOrigins, description: 'Immo media: table and buckets (retained)' });
  const workflows = new WorkflowsStack(app, `${prefix}Workflows`, {
    env,
    description: 'Immo media: Step Functions workflows',
    workflows: options.workflows,
    codeFor: options.codeFor,
    bindings: { table: data.table, mediaBucket: data.mediaBucket, injectorBucket: data.injectorBucket, location: data.location },
    logExecutionData: settings.workflowLogExecutionData,
  });
  // Provider files dropped in the media bucket start their import (ADR 0220, 0290); alarms cover it with the workflows' functions.
  new ProviderImportTrigger(workflows, 'ProviderImport', { code: options.codeFor(PROVIDER_IMPORT_TRIGGER.id), table: data.table, mediaBucket: data.mediaBucket });
  const api = new ApiStack(app, `${prefix}Api`, {
    env,
    description: 'Immo media: HTTP API, one Lambda per catalogue operation',
    operations: options.operations,
    codeFor: (op) => options.codeFor(op.id),
    requestLogIngestCode: options.codeFor(REQUEST_LOG_INGEST.id),
    maxOperationsPerStack: options.maxOperationsPerStack,
    throttle: { rateLimit: settings.apiRateLimit, burstLimit: settings.apiBurstLimit },
    bindings: {
      table: data.table,
      mediaBucket: data.mediaBucket,
      injectorBucket: data.injectorBucket,
      location: data.location,
      ...workflows.stateMachines,
      // A dynamic reference: CloudFormation reads the secret at deploy time, the template never holds the token.
      socialPagesToken: settings.socialPagesSecret ? SecretValue.secretsManager(settings.socialPagesSecret).unsafeUnwrap() : undefined,
      siteOrigin: settings.siteOrigins[0],
      fileSharingSaveUrl: settings.fileSharingSaveUrl,
      mailFrom: settings.mailFrom,
    },
  });
  const web = new WebStack(app, `${prefix}Web`, {
    env,
    description: 'Immo media: CloudFront, web app bucket',
    httpApi: api.httpApi,
    storageBuckets: [data.mediaBucket, data.injectorBucket],
    originSecret: api.originSecret,
    webDistDir: options.webDistDir,
  });
  const monitoring = new MonitoringStack(app, `${prefix}Monitoring`, {
    env,
    description: 'Immo media: CloudWatch alarms to an SNS topic',
    alarmEmail: settings.alarmEmail,
    functionNamePrefixes: [api.stackName, workflows.stackName],
    httpApi: api.httpApi,
    table: data.table,
    stateMachines: Object.values(workflows.stateMachines),
    requestLogFailures: api.requestLogFailures,
  });
  return { app, data, workflows, api, web, monitoring, settings };
}

/**
 * Bundles every catalogue operation and workflow task once (one esbuild call) and returns a
 * codeFor that points each Lambda at its bundle folder. Fails with the list of operations that
 * have no handler file: a catalogue entry without its handler must not reach AWS.
 */
export async function bundleForApp(
  operations: readonly Pick<OperationDef, 'id' | 'area'>[],
  options: { outDir?: string; log?: (line: string) => void; workflows?: readonly WorkflowDef[] } = {},
): Promise<{ result: BundleResult; codeFor: (bundleId: string) => Code; awsSdkLayerDir: string | undefined }> {
  const tasks = [...taskEntries(options.workflows ?? []), ...triggerEntries];
  const taskModules = new Map(tasks.map((t) => [t.id, t.module]));
  const ffmpegTasks = new Set(tasks.filter((t) => t.ffmpeg).map((t) => t.id));
  const result = await bundleFunctions({
    root: REPO_ROOT,
    operations: [...operations, ...tasks],
    outDir: options.outDir ?? FUNCTIONS_DIST,
    entryFor: (entry) => taskModules.get(entry.id) ?? handlerModulePath(entry),
  });
  options.log?.(formatBundleReport(result));
  if (result.missing.length > 0) {
    throw new Error(
      `Cannot synthesize: ${result.missing.length} catalogue operation(s) have no handler file:\n` +
        result.missing.map((m) => `  - ${m.id}: create ${m.expected} exporting handler`).join('\n'),
    );
  }
  const byId = new Map(result.bundles.map((b) => [b.id, b]));
  const awsSdkLayerDir = result.sdkLayer?.dir;
  return {
    result,
    awsSdkLayerDir,
    // A bundle needing native code (sharp, ffmpeg) ships as a container image: ADR 0242.
    codeFor: (bundleId) => {
      const bundle = byId.get(bundleId);
      if (!bundle) throw new Error(`No bundle for ${bundleId}`);
      const dir = path.dirname(path.resolve(REPO_ROOT, bundle.file));
      const needs = { packages: bundle.native, ffmpeg: ffmpegTasks.has(bundleId) };
      return needsImage(needs) ? nativeImageCode(dir, needs, awsSdkLayerDir) : Code.fromAsset(dir);
    },
  };
}

/** web/dist when it has been built (it must hold index.html), else undefined. */
export function webDistIfBuilt(): string | undefined {
  const dir = path.join(REPO_ROOT, WEB_DIST);
  return existsSync(path.join(dir, 'index.html')) ? dir : undefined;
}

/** The context of cdk.json (feature flags, defaults), for apps built outside the CLI (tests). */
export function cdkJsonContext(): Record<string, unknown> {
  const json = JSON.parse(readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context?: Record<string, unknown> };
  return json.context ?? {};
}
