import { inject } from 'vitest';
import { BUCKETS, ENV } from '#shared/data/design.ts';
import './provided.ts';

/**
 * Points this test worker's AWS clients (functions/plumbing/aws.ts) at the stack the global
 * setup started. Import this module before anything from functions/.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
Object.assign(process.env, {
  [ENV.localMode]: '1',
  [ENV.tableName]: inject('tableName'),
  [ENV.dynamoEndpoint]: inject('dynamoEndpoint'),
  [ENV.s3Endpoint]: inject('s3Endpoint'),
  [ENV.mediaBucket]: BUCKETS.media.localName,
  [ENV.injectorBucket]: BUCKETS.injector.localName,
});

export const baseUrl = inject('baseUrl');
