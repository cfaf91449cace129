import { Duration } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { DISPATCH_BUDGET } from '../shared/workflows/budget.ts';

/** Defaults every operation Lambda gets (infra/constructs/operation-function.ts). */
export const FUNCTION_DEFAULTS = {
  /** scrypt at OWASP parameters (login, password change) is CPU-bound: Lambda CPU scales with memory. */
  memorySize: 1024,
  /** Below the HTTP API's 30 s integration limit, so the caller sees our 500, not API Gateway's 503. */
  timeout: Duration.seconds(15),
  logRetention: RetentionDays.THREE_MONTHS,
} as const;

/** Operations whose Lambda differs from FUNCTION_DEFAULTS, by catalogue id. */
export const OPERATION_OVERRIDES: Readonly<Record<string, { timeout: Duration }>> = {
  // Waits for the dispatch workflow: the budget of ADR 0101, below the HTTP API's 30 s.
  dispatchShooting: { timeout: Duration.seconds(DISPATCH_BUDGET.operationTimeoutS) },
  // S3's CompleteMultipartUpload may be long (ADR 0400): up to 15 s for it (S3_COMPLETE_TIMEOUTS), then the checks.
  completeMultipartUpload: { timeout: Duration.seconds(28) },
};

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

/**
 * Deploy-time settings, from the CDK context (`-c key=value` or cdk.json's context). None of them
 * is needed to synthesize; ADR 0103 says what each one does when it is left out.
 */
export interface DeploySettings {
  /** Browser origins allowed to PUT/GET bucket objects with presigned URLs (bucket CORS). */
  siteOrigins: string[];
  /** Where the alarm topic sends e-mail; none: the topic has no subscription. */
  alarmEmail: string | undefined;
  /** API Gateway stage throttling: steady requests per second and burst. */
  apiRateLimit: number;
  apiBurstLimit: number;
  /** Step Functions execution logs include inputs and outputs (personal data) only when true. */
  workflowLogExecutionData: boolean;
  /** Name of the Secrets Manager secret holding the social network's page token (ADR 0244). */
  socialPagesSecret: string | undefined;
  /** The delivery page's save-to-file-sharing URL template, with {url} (and {name}); none: no such button (ADR 0063). */
  fileSharingSaveUrl: string | undefined;
  /** The sender of e-mails, 'Name <address>' or an address: an identity verified in SES (ADR 0213). */
  mailFrom: string | undefined;
}

export const DEFAULT_API_RATE_LIMIT = 50;
export const DEFAULT_API_BURST_LIMIT = 100;

/** Reads and checks the deploy-time settings; a malformed value fails the synthesis with its name. */
export function deploySettings(context: (key: string) => unknown): DeploySettings {
  const text = (key: string) => {
    const value = context(key);
    return value === undefined || value === null ? undefined : String(value).trim() || undefined;
  };
  const siteOrigins = (text('siteOrigin') ?? '').split(',').map((o) => o.trim()).filter(Boolean);
  for (const origin of siteOrigins) {
    if (!/^https:\/\/[a-z0-9-]+(\.[a-z0-9-]+)+(:\d{1,5})?$/.test(origin)) {
      throw new Error(`siteOrigin: '${origin}' is not an https origin without path or wildcard (e.g. https://d111111abcdef8.cloudfront.net)`);
    }
  }
  const alarmEmail = text('alarmEmail');
  if (alarmEmail !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(alarmEmail)) throw new Error(`alarmEmail: '${alarmEmail}' is not an e-mail address`);
  const positive = (key: string, fallback: number) => {
    const raw = text(key);
    const value = raw === undefined ? fallback : Number(raw);
    if (!Number.isInteger(value) || value < 1) throw new Error(`${key}: '${raw}' is not a positive whole number`);
    return value;
  };
  const flag = text('workflowLogExecutionData');
  if (flag !== undefined && flag !== 'true' && flag !== 'false') throw new Error(`workflowLogExecutionData: '${flag}' is not true or false`);
  const socialPagesSecret = text('socialPagesSecret');
  if (socialPagesSecret !== undefined && !/^[A-Za-z0-9/_+=.@-]{1,512}$/.test(socialPagesSecret)) throw new Error(`socialPagesSecret: '${socialPagesSecret}' is not a Secrets Manager secret name`);
  const fileSharingSaveUrl = text('fileSharingSaveUrl');
  if (fileSharingSaveUrl !== undefined && !(/^https:\/\/[^\s/]+\/\S*$/.test(fileSharingSaveUrl) && fileSharingSaveUrl.includes('{url}'))) {
    throw new Error(`fileSharingSaveUrl: '${fileSharingSaveUrl}' is not an https URL template holding {url} (e.g. https://share.example/save?url={url}&name={name})`);
  }
  const mailFrom = text('mailFrom');
  if (mailFrom !== undefined && !/^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/.test(mailFrom)) {
    throw new Error(`mailFrom: '${mailFrom}' is not an e-mail address nor 'Name <address>'`);
  }
  return {
    siteOrigins,
    alarmEmail,
    apiRateLimit: positive('apiRateLimit', DEFAULT_API_RATE_LIMIT),
    apiBurstLimit: positive('apiBurstLimit', DEFAULT_API_BURST_LIMIT),
    workflowLogExecutionData: flag === 'true',
    socialPagesSecret,
    fileSharingSaveUrl,
    mailFrom,
  };
}

/** Header CloudFront adds to every /api/* origin request; the API refuses requests without it (ADR 0100). */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';
