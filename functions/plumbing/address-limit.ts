import { createHash } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { tooManyRequests } from './errors.ts';
import { clientAddress } from './login-throttle.ts';
import { secondsLeft, take, type RateRule } from './rate-limit.ts';

/**
 * Public operations limited per caller address (visit reports, virtual-tour reads): the viewer's
 * address (behind CloudFront, its viewer header; clientAddress), counted under its SHA-256, never
 * kept plain. One unit per call; 429 naming `what` once the window is full (docs/decisions/0201, 0255).
 */
export async function limitByAddress(rule: RateRule, event: Pick<APIGatewayProxyEventV2, 'headers' | 'requestContext'>, what: string): Promise<void> {
  const subject = createHash('sha256').update(clientAddress(event)).digest('base64url');
  if (await take(rule, subject)) return;
  const seconds = secondsLeft(rule);
  throw tooManyRequests(`Too many ${what} from this address. Try again in ${seconds} seconds.`, seconds);
}
