import { Duration } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';

/** Defaults every operation Lambda gets (infra/constructs/operation-function.ts). */
export const FUNCTION_DEFAULTS = {
  /** scrypt at OWASP parameters (login, password change) is CPU-bound: Lambda CPU scales with memory. */
  memorySize: 1024,
  /** Below the HTTP API's 30 s integration limit, so the caller sees our 500, not API Gateway's 503. */
  timeout: Duration.seconds(15),
  logRetention: RetentionDays.THREE_MONTHS,
} as const;

/**
 * Largest number of operations one API nested stack holds. Each operation costs 7
 * CloudFormation resources (function, role, policy, log group, integration, route,
 * permission): 60 × 7 = 420, under the 500 limit with room to spare. See ADR 0010.
 */
export const MAX_OPERATIONS_PER_STACK = 60;

/** CloudFormation's hard limit of resources per template. */
export const CFN_RESOURCE_LIMIT = 500;

/** Folder of the pre-built bundles, relative to the repository root. */
export const FUNCTIONS_DIST = 'dist/functions';
/** Folder of the built web app, relative to the repository root. */
export const WEB_DIST = 'web/dist';
