import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { afterAll, beforeAll } from 'vitest';
import { freePort } from './ports.ts';
import { startS3Local, type S3Local } from './s3-local.ts';

export interface S3LocalFixture {
  readonly emulator: S3Local;
  readonly client: S3Client;
  /** The emulator's data folder (one subfolder per bucket). */
  readonly dataDir: string;
}

/**
 * The local emulator in a temporary folder and a client for it, for the tests of the emulator
 * itself; call inside a `describe`, read the fields inside tests (they are set in `beforeAll`).
 */
export function useS3Local(options: Pick<S3ClientConfig, 'region' | 'maxAttempts'> & { minPartBytes?: number } = {}): S3LocalFixture {
  let emulator: S3Local | undefined;
  let client: S3Client | undefined;
  let dir = '';
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 's3-local-'));
    emulator = await startS3Local({ port: await freePort(), dataDir: dir, ...(options.minPartBytes === undefined ? {} : { minPartBytes: options.minPartBytes }) });
    client = new S3Client({
      endpoint: emulator.endpoint,
      region: options.region ?? 'ca-central-1',
      forcePathStyle: true,
      ...(options.maxAttempts === undefined ? {} : { maxAttempts: options.maxAttempts }),
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
  });
  afterAll(async () => {
    client?.destroy();
    await emulator?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  return {
    get emulator() {
      if (!emulator) throw new Error('the emulator starts in beforeAll');
      return emulator;
    },
    get client() {
      if (!client) throw new Error('the emulator starts in beforeAll');
      return client;
    },
    get dataDir() {
      if (!dir) throw new Error('the emulator starts in beforeAll');
      return dir;
    },
  };
}
