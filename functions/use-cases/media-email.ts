import { escapeHtml, type MailMessage } from '../plumbing/mail/index.ts';

/** The media e-mail to the broker (part 3 §4), French then English, as text and HTML. */
export function mediaEmail(p: { to: string; brokerName: string; address: string; link: string; pictureCount: number }): MailMessage {
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
    `<p>Bonjour ${escapeHtml(p.brokerName)},</p><p>Les médias de la propriété ${escapeHtml(p.address)} sont prêts (${p.pictureCount} photos).</p>` +
    `<p><a href="${escapeHtml(p.link)}">Page de livraison</a></p><hr>` +
    `<p>Hello ${escapeHtml(p.brokerName)},</p><p>The media of ${escapeHtml(p.address)} are ready (${p.pictureCount} pictures).</p>` +
    `<p><a href="${escapeHtml(p.link)}">Delivery page</a></p><p>Immo Média</p>`;
  return { to: p.to, subject, text, html };
}
