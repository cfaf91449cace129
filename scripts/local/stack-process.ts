import './quiet-sdk.ts';
import { startLocalStack } from './stack.ts';

/**
 * The local stack in its own process (benchmarks, integration and browser tests; ./helper-process.ts starts it):
 * prints its addresses as one JSON line.
 * BENCH_S3_ENDPOINT: use that S3 emulator (in another process) instead of starting s3rver here.
 */
const stack = await startLocalStack({ port: 0, ...(process.env.BENCH_S3_ENDPOINT ? { s3Endpoint: process.env.BENCH_S3_ENDPOINT } : {}) });
console.log(JSON.stringify({ url: stack.url, dynamoEndpoint: stack.dynamoEndpoint, s3Endpoint: stack.s3Endpoint, tableName: stack.tableName, mailOutbox: stack.mailOutbox }));
process.once('SIGTERM', () => void stack.stop().then(() => process.exit(0)));
