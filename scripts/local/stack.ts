import { join, resolve } from 'node:path';
import type { Server } from 'node:http';
import { BUCKETS, ENV } from '#shared/data/design.ts';
import { startDynamoDbLocal } from './dynamodb-local.ts';
import { startS3Local } from './s3-local.ts';
import { ensureTable } from './provision.ts';
import { freePort } from './ports.ts';
import { lockDataFolder } from './data-lock.ts';

export const ROOT = resolve(import.meta.dirname, '../..');
export const LOCAL_TABLE_NAME = 'immo-local';

export interface LocalStackOptions {
  /** HTTP port of the API + web app; 0 picks a free one. */
  port: number;
  host?: string;
  /** Where DynamoDB Local and s3rver keep data; omit for an in-memory table and a temporary S3 folder. */
  dataDir?: string;
  seed?: boolean;
  log?: (line: string) => void;
  /** An S3 emulator already running elsewhere (the upload bench's own s3rver process) instead of one here. */
  s3Endpoint?: string;
}

/** An emulator that can be stopped and started again on the same port and data (fault tests). */
export interface Emulator {
  endpoint: string;
  stop: () => Promise<void>;
  start: () => Promise<void>;
}

export interface LocalStack {
  url: string;
  dynamoEndpoint: string;
  s3Endpoint: string;
  tableName: string;
  /** The folder the mail port delivers to locally (one .eml per message; functions/plumbing/mail). */
  mailOutbox: string;
  server: Server;
  emulators: { dynamo: Emulator; s3: Emulator };
  stop: () => Promise<void>;
}

/**
 * Starts everything `npm start` runs, in this process: DynamoDB Local, s3rver, the table and
 * buckets from shared/data/design.ts, the demo seed and the HTTP adapter. Handlers run in this
 * process too, so the environment they read is set here.
 */
export async function startLocalStack(opts: LocalStackOptions): Promise<LocalStack> {
  const log = opts.log ?? (() => undefined);
  const [dynamoPort, s3Port, httpPort] = await Promise.all([freePort(), freePort(), opts.port === 0 ? freePort() : Promise.resolve(opts.port)]);
  const s3Dir = opts.dataDir ? join(opts.dataDir, 's3') : join(ROOT, '.tmp', `s3-${process.pid}-${Date.now()}`);
  const dynamoDir = opts.dataDir ? join(opts.dataDir, 'dynamodb') : undefined;
  // One stack per data folder: a second start refuses, a crashed one's lock and orphans are taken over.
  const lock = opts.dataDir && dynamoDir ? await lockDataFolder(opts.dataDir, dynamoDir) : undefined;
  if (lock?.stoppedOrphans.length) log(`stopped DynamoDB Local left running on this folder by a crashed stack (pid ${lock.stoppedOrphans.join(', ')})`);
  const startS3 = () => (opts.s3Endpoint ? Promise.resolve({ endpoint: opts.s3Endpoint, stop: async () => undefined }) : startS3Local({ port: s3Port, dataDir: s3Dir }));
  let dynamo, s3;
  try {
    [dynamo, s3] = await Promise.all([startDynamoDbLocal({ port: dynamoPort, ...(dynamoDir ? { dataDir: dynamoDir } : {}) }), startS3()]);
  } catch (error) {
    lock?.release();
    throw error;
  }
  const emulators = {
    dynamo: restartable(dynamo, () => startDynamoDbLocal({ port: dynamoPort, ...(dynamoDir ? { dataDir: dynamoDir } : {}) })),
    s3: restartable(s3, startS3),
  };
  log(`DynamoDB Local on ${dynamo.endpoint}, s3rver on ${s3.endpoint}`);

  Object.assign(process.env, {
    [ENV.localMode]: '1',
    [ENV.tableName]: LOCAL_TABLE_NAME,
    [ENV.mediaBucket]: BUCKETS.media.localName,
    [ENV.injectorBucket]: BUCKETS.injector.localName,
    [ENV.dynamoEndpoint]: dynamo.endpoint,
    [ENV.s3Endpoint]: s3.endpoint,
    AWS_REGION: process.env.AWS_REGION ?? 'ca-central-1',
    MAIL_OUTBOX_DIR: join(opts.dataDir ?? join(ROOT, '.tmp', `mail-${process.pid}-${Date.now()}`), 'outbox'),
  });
  const created = await ensureTable(dynamo.endpoint, LOCAL_TABLE_NAME);
  log(`table ${LOCAL_TABLE_NAME}: ${created}`);
  // S3 triggers: a provider file dropped in the media bucket starts its import, as the bucket notification does in AWS.
  const providerImport = await import('#functions/provider/import-provider-file.ts');
  (s3 as { onEvent?: (listener: (event: unknown) => void) => void }).onEvent?.((event) => {
    providerImport.handler(event as never).catch((error: unknown) => log(`provider import failed: ${(error as Error).message}`));
  });
  if (opts.seed !== false) {
    const { seedDemoData } = await import('./seed/index.ts');
    const seeded = await seedDemoData(log);
    log(`demo data: ${seeded}`);
  }
  const [{ localWorkflowRunner }, { useLocalWorkflowRunner }, { WORKFLOWS }] = await Promise.all([
    import('./workflows.ts'),
    import('#functions/plumbing/workflows.ts'),
    import('#shared/workflows/index.ts'),
  ]);
  useLocalWorkflowRunner(await localWorkflowRunner(ROOT, WORKFLOWS));
  log(`local Step Functions: ${WORKFLOWS.map((w) => w.resource).join(', ')}`);
  // The request log's records, shipped by the handlers, are stored in batches off the request path (ADR 0485).
  const [{ startAdapter }, { startRequestLogBatcher }] = await Promise.all([import('./adapter.ts'), import('./request-log-batcher.ts')]);
  const requestLogs = startRequestLogBatcher();
  const { server, url } = await startAdapter({ port: httpPort, ...(opts.host ? { host: opts.host } : {}), beforeLogRead: requestLogs.flush });
  log(`API and web app on ${url}`);

  return {
    url,
    dynamoEndpoint: dynamo.endpoint,
    s3Endpoint: s3.endpoint,
    tableName: LOCAL_TABLE_NAME,
    mailOutbox: process.env.MAIL_OUTBOX_DIR!,
    server,
    emulators,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      await requestLogs.stop();
      await Promise.all([emulators.dynamo.stop(), emulators.s3.stop()]);
      lock?.release();
    },
  };
}

function restartable(first: { endpoint: string; stop: () => Promise<void> }, startAgain: () => Promise<{ endpoint: string; stop: () => Promise<void> }>): Emulator {
  let running: { stop: () => Promise<void> } | undefined = first;
  return {
    endpoint: first.endpoint,
    stop: async () => {
      const current = running;
      running = undefined;
      await current?.stop();
    },
    start: async () => {
      running ??= await startAgain();
    },
  };
}
