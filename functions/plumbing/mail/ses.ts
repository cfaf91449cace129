import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import type { MailMessage } from './index.ts';

let client: SESv2Client | undefined;

/** Sends through Amazon SES (v2); the Lambda's role may call ses:SendEmail (infra). Answers the message id. */
export async function sendWithSes(from: string, message: MailMessage): Promise<string> {
  client ??= new SESv2Client({});
  const { MessageId } = await client.send(
    new SendEmailCommand({
      FromEmailAddress: from,
      Destination: { ToAddresses: [message.to] },
      Content: {
        Simple: {
          Subject: { Data: message.subject, Charset: 'UTF-8' },
          Body: { Text: { Data: message.text, Charset: 'UTF-8' }, Html: { Data: message.html, Charset: 'UTF-8' } },
        },
      },
    }),
  );
  if (!MessageId) throw new Error('SES accepted no message');
  return MessageId;
}
