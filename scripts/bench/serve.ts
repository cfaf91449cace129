import '../local/quiet-sdk.ts';
import { startLocalStack } from '../local/stack.ts';

/** The local stack in its own process for benchmarks: prints its addresses as one JSON line. */
const stack = await startLocalStack({ port: 0 });
console.log(JSON.stringify({ url: stack.url, dynamoEndpoint: stack.dynamoEndpoint, s3Endpoint: stack.s3Endpoint, tableName: stack.tableName }));
process.once('SIGTERM', () => void stack.stop().then(() => process.exit(0)));
