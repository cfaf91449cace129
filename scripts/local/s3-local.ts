import { mkdirSync } from 'node:fs';
import S3rver from 's3rver';
import { BUCKETS } from '#shared/data/design.ts';

/** s3rver, the S3 emulator, with the project's buckets and a CORS rule for browser PUTs. */
export interface S3Local {
  endpoint: string;
  stop: () => Promise<void>;
  /** s3rver's S3 event notifications (the same records a bucket notification sends in AWS). */
  onEvent?: (listener: (event: unknown) => void) => void;
}

const CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
  </CORSRule>
</CORSConfiguration>`;

export async function startS3Local(opts: { port: number; dataDir: string }): Promise<S3Local> {
  mkdirSync(opts.dataDir, { recursive: true });
  const server = new S3rver({
    port: opts.port,
    address: '127.0.0.1',
    directory: opts.dataDir,
    silent: true,
    configureBuckets: Object.values(BUCKETS).map((b) => ({ name: b.localName, configs: [CORS] })),
  });
  await server.run();
  return { endpoint: `http://127.0.0.1:${opts.port}`, stop: () => server.close(), onEvent: (listener) => void server.on('event', listener) };
}
