import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { encodedWord, senderHeader } from './headers.ts';
import type { MailMessage } from './index.ts';

const base64Lines = (text: string) => Buffer.from(text, 'utf8').toString('base64').replace(/.{76}/g, '$&\r\n');

/** The message as a MIME .eml (text and HTML alternatives), as a mail client opens it. */
export function toEml(from: string, message: MailMessage, date = new Date(), boundary = `b-${randomUUID()}`): string {
  return [
    `From: ${senderHeader(from)}`,
    `To: ${message.to}`,
    ...(message.cc?.length ? [`Cc: ${message.cc.join(', ')}`] : []),
    `Subject: ${encodedWord(message.subject)}`,
    `Date: ${date.toUTCString()}`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=UTF-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(message.text),
    `--${boundary}`,
    'Content-Type: text/html; charset=UTF-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(message.html),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

/** Writes the message to the outbox folder as `<time>-<id>.eml` and answers the file's path. */
export async function writeToOutbox(dir: string, from: string, message: MailMessage, now = new Date()): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = join(dir, `${now.toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`);
  await writeFile(file, toEml(from, message, now));
  return file;
}
