import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { unprocessable } from '../errors.ts';
import { senderHeader } from './headers.ts';
import type { MailMessage } from './index.ts';

let client: SESv2Client | undefined;

/** What the mail port answers when SES refuses a message for what it is (its address, its sender), not for a fault of its own. */
export const MAIL_REFUSED = 'The mail service refused this message (check the recipient’s e-mail address).';

/**
 * Sends through Amazon SES (v2); the Lambda's role may call ses:SendEmail (infra). Answers the
 * message id. A refusal of the message itself (an address SES cannot take, such as one with a
 * non-ASCII local part; a rejected message) is the caller's 422, not a server error; SES's own
 * faults and throttling go on as errors (503 or 500 by the handler wrapper).
 */
/** As the storage calls (ADR 0081): a connection within 1 s, an answer within 5 s, two attempts. A mail never holds a request to its Lambda timeout. */
const SES_CLIENT = { maxAttempts: 2, requestHandler: { connectionTimeout: 1_000, requestTimeout: 5_000 } } as const;

export async function sendWithSes(from: string, message: MailMessage, send: (command: SendEmailCommand) => Promise<{ MessageId?: string }> = (command) => (client ??= new SESv2Client(SES_CLIENT)).send(command)): Promise<string> {
  let MessageId: string | undefined;
  try {
    ({ MessageId } = await send(
      new SendEmailCommand({
        FromEmailAddress: senderHeader(from),
        Destination: { ToAddresses: [message.to], ...(message.cc?.length ? { CcAddresses: [...message.cc] } : {}) },
        Content: {
          Simple: {
            Subject: { Data: message.subject, Charset: 'UTF-8' },
            Body: { Text: { Data: message.text, Charset: 'UTF-8' }, Html: { Data: message.html, Charset: 'UTF-8' } },
          },
        },
      }),
    ));
  } catch (error) {
    if (isRefusal(error)) throw unprocessable(MAIL_REFUSED, { reason: (error as Error).name });
    throw error;
  }
  if (!MessageId) throw new Error('SES accepted no message');
  return MessageId;
}

const REFUSALS = new Set(['BadRequestException', 'MessageRejected', 'MailFromDomainNotVerifiedException']);

function isRefusal(error: unknown): boolean {
  return REFUSALS.has((error as Error | null)?.name ?? '');
}
