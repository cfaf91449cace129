import type { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../errors.ts';
import { MAIL_REFUSED, sendWithSes } from './ses.ts';

const message = { to: 'josé@exemple.com', subject: 'S', text: 'T', html: '<p>T</p>' };
const failing = (name: string, status: number) => async () => {
  throw Object.assign(new Error(name), { name, $metadata: { httpStatusCode: status } });
};

describe('sendWithSes', () => {
  it('answers the message id SES gives', async () => {
    expect(await sendWithSes('a@b.ca', message, async () => ({ MessageId: 'm-1' }))).toBe('m-1');
  });

  it('sends from the sender with its display name encoded', async () => {
    const sent: SendEmailCommand[] = [];
    await sendWithSes('Immo Média <media@example.com>', message, async (command) => (sent.push(command), { MessageId: 'm' }));
    expect(sent[0]!.input.FromEmailAddress).toBe(`=?UTF-8?B?${Buffer.from('Immo Média').toString('base64')}?= <media@example.com>`);
  });

  it('sends the copies to the Cc addresses, and no Cc without copies', async () => {
    const sent: SendEmailCommand[] = [];
    const send = async (command: SendEmailCommand) => (sent.push(command), { MessageId: 'm' });
    await sendWithSes('a@b.ca', { ...message, cc: ['adjointe@exemple.com'] }, send);
    await sendWithSes('a@b.ca', message, send);
    expect(sent.map((c) => c.input.Destination)).toEqual([{ ToAddresses: [message.to], CcAddresses: ['adjointe@exemple.com'] }, { ToAddresses: [message.to] }]);
    expect(sent[0]!.input.FromEmailAddress).toBe('a@b.ca');
  });

  it('answers a refusal of the message itself as a 422 (an address SES cannot take), not a server error', async () => {
    for (const name of ['BadRequestException', 'MessageRejected']) {
      const error = await sendWithSes('a@b.ca', message, failing(name, 400)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({ status: 422, message: MAIL_REFUSED });
    }
  });

  it('lets SES’s own faults and throttling through as they are', async () => {
    for (const [name, status] of [['TooManyRequestsException', 429], ['InternalFailure', 500]] as const) {
      const error = await sendWithSes('a@b.ca', message, failing(name, status)).catch((e: unknown) => e);
      expect((error as Error).name).toBe(name);
    }
  });
});
