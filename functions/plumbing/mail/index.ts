import { ENV } from '#shared/data/design.ts';
import { writeToOutbox } from './outbox.ts';
import { sendWithSes } from './ses.ts';

/**
 * The mail port (docs/decisions/0213): one message, sent through Amazon SES in AWS and delivered
 * to a local outbox folder (one .eml file per message, openable by any mail client) when running
 * locally. A message is never silently dropped: a failure throws (the callers that report a change
 * already saved log it instead, ADR 0705).
 */
export interface MailMessage {
  to: string;
  /** Copies: a broker's notification e-mails (ADR 0705). */
  cc?: readonly string[];
  subject: string;
  text: string;
  html: string;
}

/** The sender without the deploy setting mailFrom (the local outbox's); in AWS, mailFrom names a verified SES identity. */
export const DEFAULT_FROM = 'Immo Média <media@immo.test>';
/** The local outbox folder (set by the local stack: <data folder>/outbox). */
export const MAIL_OUTBOX_ENV = 'MAIL_OUTBOX_DIR';

export interface SentMail {
  /** The outbox file (locally) or the SES message id. */
  id: string;
}

/** Text as HTML element content or a quoted attribute value. */
export const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * An address SES takes as a recipient: printable ASCII without spaces, quotes or list separators,
 * one '@' (SES refuses a non-ASCII local part, and one refused recipient refuses the whole message).
 */
const SENDABLE_ADDRESS = /^[^\s@",;:<>()[\]\\\x00-\x1f\x7f-\uffff]+@[^\s@",;:<>()[\]\\\x00-\x1f\x7f-\uffff]+$/;
export const isSendableAddress = (address: string) => SENDABLE_ADDRESS.test(address);

/**
 * A user's notification e-mails as the copies of a message to them: each once, not their own address
 * again, and only those SES can send to, so that a copy never costs the message itself (ADR 0705).
 */
export function notificationCopies(user: { email: string; notification_email: readonly string[] }): string[] {
  const own = user.email.trim().toLowerCase();
  const seen = new Set<string>();
  return user.notification_email
    .map((address) => address.trim())
    .filter((address) => {
      const key = address.toLowerCase();
      if (!isSendableAddress(address) || key === own || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

export async function sendMail(message: MailMessage, env: NodeJS.ProcessEnv = process.env): Promise<SentMail> {
  const from = env[ENV.mailFrom] || DEFAULT_FROM;
  if (env[ENV.localMode]) return { id: await writeToOutbox(env[MAIL_OUTBOX_ENV] || '.data/outbox', from, message) };
  return { id: await sendWithSes(from, message) };
}
