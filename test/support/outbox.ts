import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ownStack } from './provided.ts';

/** A message of the local mail outbox (functions/plumbing/mail/outbox.ts), decoded. */
export interface OutboxMail {
  to: string;
  /** The Cc header's addresses, in order. */
  cc: string[];
  subject: string;
  text: string;
  html: string;
}

/** RFC 2047 encoded-words back to text. */
const decodeHeader = (value: string) => value.replace(/=\?UTF-8\?B\?([^?]*)\?=/g, (_m, b64: string) => Buffer.from(b64, 'base64').toString('utf8'));

/** Every message in this stack's outbox, as the writer made it: headers, then the text and HTML parts in base64. */
export function outboxMails(dir = ownStack().mailOutbox): OutboxMail[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.eml'))
    .map((file) => {
      const eml = readFileSync(join(dir, file), 'utf8');
      const head = eml.slice(0, eml.indexOf('\r\n\r\n'));
      const header = (name: string) => decodeHeader(new RegExp(`^${name}: (.*)$`, 'm').exec(head)?.[1] ?? '');
      const boundary = /boundary="([^"]+)"/.exec(head)?.[1] ?? '';
      const parts = eml.split(`--${boundary}`).slice(1, -1);
      const part = (type: string) => {
        const found = parts.find((p) => p.includes(`Content-Type: ${type};`)) ?? '';
        return Buffer.from(found.slice(found.indexOf('\r\n\r\n')).replace(/\s/g, ''), 'base64').toString('utf8');
      };
      const cc = header('Cc');
      return { to: header('To'), cc: cc ? cc.split(', ') : [], subject: header('Subject'), text: part('text/plain'), html: part('text/html') };
    });
}
