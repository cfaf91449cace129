import { ENV } from '#shared/data/design.ts';
import { writeToOutbox } from './outbox.ts';
import { sendWithSes } from './ses.ts';

/**
 * The mail port (docs/decisions/0213): one message, sent through Amazon SES in AWS and delivered
 * to a local outbox folder (one .eml file per message, openable by any mail client) when running
 * locally. A message is never silently dropped: a failure throws.
 */
export interface MailMessage {
  to: string;
  /** Copies: a broker's notification e-mails (ADR 0705). */
  cc?: readonly string[];
  subject: string;
  text: string;
  html: string;
}

/** The sender (a verified SES identity in AWS). */
export const MAIL_FROM_ENV = 'MAIL_FROM';
export const DEFAULT_FROM = 'Immo Média <media@immo.test>';
/** The local outbox folder (set by the local stack: <data folder>/outbox). */
export const MAIL_OUTBOX_ENV = 'MAIL_OUTBOX_DIR';

export interface SentMail {
  /** The outbox file (locally) or the SES message id. */
  id: string;
}

/** A user's notification e-mails as the copies of a message to them: each once, not their own address again (ADR 0705). */
export function notificationCopies(user: { email: string; notification_email: readonly string[] }): string[] {
  const own = user.email.trim().toLowerCase();
  const seen = new Set<string>();
  return user.notification_email
    .map((address) => address.trim())
    .filter((address) => {
      const key = address.toLowerCase();
      if (!address || key === own || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

export async function sendMail(message: MailMessage, env: NodeJS.ProcessEnv = process.env): Promise<SentMail> {
  const from = env[MAIL_FROM_ENV] || DEFAULT_FROM;
  if (env[ENV.localMode]) return { id: await writeToOutbox(env[MAIL_OUTBOX_ENV] || '.data/outbox', from, message) };
  return { id: await sendWithSes(from, message) };
}
