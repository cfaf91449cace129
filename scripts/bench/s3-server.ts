import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../local/ports.ts';
import { startS3Local } from '../local/s3-local.ts';

/**
 * s3rver alone, in its own process, for the upload bench: the project's buckets in a temporary
 * folder; prints its endpoint as one JSON line and removes the folder on SIGTERM.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'bench-s3-'));
const s3 = await startS3Local({ port: await freePort(), dataDir });
console.log(JSON.stringify({ s3Endpoint: s3.endpoint }));
process.once('SIGTERM', () => void s3.stop().finally(() => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}));
