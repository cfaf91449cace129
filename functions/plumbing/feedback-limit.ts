import { createHash } from 'node:crypto';
import { tooManyRequests, waitText } from './errors.ts';
import { secondsLeft, take, type RateRule } from './rate-limit.ts';

/**
 * Feedback submissions per delivery token (the public page has no login): 30 per hour, every
 * submission counted, then 429 until the hour's window ends
 * (docs/decisions/0090-login-and-feedback-limits.md). Keyed by the token's SHA-256, never the token.
 */
export const FEEDBACK_LIMIT: RateRule = { scope: 'FEEDBACK', limit: 30, windowSeconds: 60 * 60 };


/** Counts one feedback submission for the token; 429 when the token's hour is full. */
export async function countFeedback(token: string): Promise<void> {
  const subject = createHash('sha256').update(token).digest('base64url');
  if (await take(FEEDBACK_LIMIT, subject)) return;
  const seconds = secondsLeft(FEEDBACK_LIMIT);
  throw tooManyRequests(`Too many feedback messages for this delivery. Try again in ${waitText(seconds)}.`, seconds);
}
