import type { MailMessage } from '../plumbing/mail/index.ts';

/** The media e-mail to the broker (part 3 §4), French then English, as text and HTML. */
export function mediaEmail(p: { to: string; brokerName: string; address: string; link: string; pictureCount: number }): MailMessage {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const subject = `Vos médias sont prêts / Your media are ready — ${p.address}`;
  const text = [
    `Bonjour ${p.brokerName},`,
    '',
    `Les médias de la propriété ${p.address} sont prêts (${p.pictureCount} photos).`,
    `Page de livraison : ${p.link}`,
    '',
    `Hello ${p.brokerName},`,
    '',
    `The media of ${p.address} are ready (${p.pictureCount} pictures).`,
    `Delivery page: ${p.link}`,
    '',
    'Immo Média',
  ].join('\n');
  const html =
    `<p>Bonjour ${escape(p.brokerName)},</p><p>Les médias de la propriété ${escape(p.address)} sont prêts (${p.pictureCount} photos).</p>` +
    `<p><a href="${escape(p.link)}">Page de livraison</a></p><hr>` +
    `<p>Hello ${escape(p.brokerName)},</p><p>The media of ${escape(p.address)} are ready (${p.pictureCount} pictures).</p>` +
    `<p><a href="${escape(p.link)}">Delivery page</a></p><p>Immo Média</p>`;
  return { to: p.to, subject, text, html };
}
