import { describe, expect, it } from 'vitest';
import { senderHeader } from './headers.ts';
import { notificationCopies } from './index.ts';

describe('mail headers and recipients', () => {
  it('keeps a sender address bare and encodes a display name that is not ASCII', () => {
    expect(senderHeader('Immo Média <media@example.com>')).toBe(`=?UTF-8?B?${Buffer.from('Immo Média').toString('base64')}?= <media@example.com>`);
    expect(senderHeader('"Immo Media" <media@example.com>')).toBe('Immo Media <media@example.com>');
    expect(senderHeader(' media@example.com ')).toBe('media@example.com');
    expect(senderHeader('<media@example.com>')).toBe('media@example.com');
  });

  it("copies each notification e-mail once, not the user's own, and none SES would refuse the message for", () => {
    const user = { email: 'Courtier@Exemple.com', notification_email: ['adjointe@exemple.com', ' ADJOINTE@exemple.com ', 'courtier@exemple.com', 'hélène@agence.ca', 'a,b@c.de', '"x"@y.z', 'equipe+immo@agence.ca'] };
    expect(notificationCopies(user)).toEqual(['adjointe@exemple.com', 'equipe+immo@agence.ca']);
  });
});
