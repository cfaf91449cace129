import { BUCKETS, ENV } from '#shared/data/design.ts';
import { LEASED_STACK_PORT, portOf } from './provided.ts';
import { leaseStack } from './stack-lease.ts';

/**
 * Leases this test file a stack the global setup started, and points the worker's AWS clients
 * (functions/plumbing/aws.ts) at it, before the test file is loaded (the projects' `setupFiles`).
 */
const stack = await leaseStack();
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
Object.assign(process.env, {
  [LEASED_STACK_PORT]: portOf(stack),
  [ENV.localMode]: '1',
  [ENV.tableName]: stack.tableName,
  [ENV.dynamoEndpoint]: stack.dynamoEndpoint,
  [ENV.s3Endpoint]: stack.s3Endpoint,
  [ENV.mediaBucket]: BUCKETS.media.localName,
  [ENV.injectorBucket]: BUCKETS.injector.localName,
  AWS_REGION: process.env.AWS_REGION ?? 'ca-central-1',
  // Mail sent by a handler the test calls in this worker lands where the stack's own does.
  MAIL_OUTBOX_DIR: stack.mailOutbox,
});

export const baseUrl = stack.baseUrl;
