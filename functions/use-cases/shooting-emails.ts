import { formatSlotTime, slotWindow } from '#shared/rules/slots.ts';
import { escapeHtml, type MailMessage } from '../plumbing/mail/index.ts';

/** What the booking e-mail says: the request as it was saved. */
export interface BookingEmail {
  to: string;
  brokerName: string;
  shootingId: number;
  /** The listing's address, unit and city as one line. */
  address: string;
  /** YYYY-MM-DD. */
  date: string;
  am: boolean;
  services: ReadonlyArray<{ fr: string; en: string }>;
  /** The broker's shooting list, where the request can be followed, moved or cancelled while unconfirmed. */
  link: string;
}


/** 'jeudi 3 décembre 2026' / 'Thursday, December 3, 2026': a calendar day, whatever the server's zone. */
const longDate = (date: string, locale: 'fr-CA' | 'en-CA') =>
  new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

/** '8h30', as the booking wizard writes the half-days (part 1 §2.5). */
const frTime = formatSlotTime;
const enTime = (s: number) => {
  const h = Math.floor(s / 3600);
  return `${((h + 11) % 12) + 1}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} ${h < 12 ? 'a.m.' : 'p.m.'}`;
};

/** One message in both languages (French first), as text and HTML, signed by the business. */
function bilingual(to: string, subject: string, link: string, parts: ReadonlyArray<{ hello: string; intro: string; lines: readonly string[]; follow: string; list: string }>): MailMessage {
  const text = parts
    .flatMap((l) => [l.hello, '', l.intro, ...l.lines.map((line) => `- ${line}`), '', `${l.follow} ${link}`, ''])
    .concat('Immo Média')
    .join('\n');
  const html =
    parts
      .map(
        (l) =>
          `<p>${escapeHtml(l.hello)}</p><p>${escapeHtml(l.intro)}</p><ul>${l.lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>` +
          `<p>${escapeHtml(l.follow)} <a href="${escapeHtml(link)}">${escapeHtml(l.list)}</a></p>`,
      )
      .join('<hr>') + '<p>Immo Média</p>';
  return { to, subject, text, html };
}

/**
 * The e-mail a broker receives when a shooting is booked (part 1 §2.5: 'Thank you, you will receive a
 * confirmation via Email.'): the request as saved (number, address, day, half-day window, services)
 * and the link to the shooting list, French then English, as text and HTML (as the media e-mail).
 */
export function bookingEmail(p: BookingEmail): MailMessage {
  const { start, end } = slotWindow(p.am);
  const fr = {
    hello: `Bonjour ${p.brokerName},`,
    intro: `Nous avons bien reçu votre demande de séance n° ${p.shootingId}.`,
    lines: [
      `Adresse : ${p.address}`,
      `Date : ${longDate(p.date, 'fr-CA')}, ${p.am ? 'en avant-midi' : 'en après-midi'} (arrivée entre ${frTime(start)} et ${frTime(end)})`,
      `Services : ${p.services.map((s) => s.fr).join(', ') || '—'}`,
    ],
    follow: 'Tant qu’elle n’est pas confirmée, vous pouvez la déplacer ou l’annuler depuis vos séances :',
    list: 'Vos séances',
  };
  const en = {
    hello: `Hello ${p.brokerName},`,
    intro: `We have received your booking request no. ${p.shootingId}.`,
    lines: [
      `Address: ${p.address}`,
      `Date: ${longDate(p.date, 'en-CA')}, ${p.am ? 'morning' : 'afternoon'} (arrival between ${enTime(start)} and ${enTime(end)})`,
      `Services: ${p.services.map((s) => s.en).join(', ') || '—'}`,
    ],
    follow: 'Until it is confirmed, you can move or cancel it from your shootings:',
    list: 'Your shootings',
  };
  return bilingual(p.to, `Demande de séance reçue / Booking request received — ${p.address}`, p.link, [fr, en]);
}

/** What the confirmation e-mail says: the shooting as its technician's locked day plans it. */
export interface ConfirmationEmail {
  to: string;
  brokerName: string;
  shootingId: number;
  address: string;
  /** YYYY-MM-DD. */
  date: string;
  /** The planned arrival, in seconds after the day's local midnight. */
  startS: number;
  link: string;
}

/**
 * The e-mail a broker receives when their shooting is confirmed (its technician's day locked, ADR
 * 0540): the day and the planned arrival time, which the booking e-mail could only give as a window.
 */
export function confirmationEmail(p: ConfirmationEmail): MailMessage {
  const fr = {
    hello: `Bonjour ${p.brokerName},`,
    intro: `Votre séance n° ${p.shootingId} est confirmée.`,
    lines: [`Adresse : ${p.address}`, `Date : ${longDate(p.date, 'fr-CA')}, arrivée prévue à ${frTime(p.startS)}`],
    follow: 'Elle figure avec ses détails dans vos séances :',
    list: 'Vos séances',
  };
  const en = {
    hello: `Hello ${p.brokerName},`,
    intro: `Your shooting no. ${p.shootingId} is confirmed.`,
    lines: [`Address: ${p.address}`, `Date: ${longDate(p.date, 'en-CA')}, planned arrival at ${enTime(p.startS)}`],
    follow: 'It is listed with its details in your shootings:',
    list: 'Your shootings',
  };
  return bilingual(p.to, `Séance confirmée / Shooting confirmed — ${p.address}`, p.link, [fr, en]);
}

/** One shooting of a technician's reminder. */
export interface ReminderShooting {
  id: number;
  address: string;
  am: boolean;
  /** Seconds after the day's local midnight once timed; null while only the half-day is known. */
  startS: number | null;
  confirmed: boolean;
  /** The broker's note of the booking. */
  note: string;
}

/** What a technician's reminder says: their shootings of one day, in the order they happen. */
export interface ReminderEmail {
  to: string;
  techName: string;
  /** YYYY-MM-DD. */
  date: string;
  shootings: readonly ReminderShooting[];
  /** The technician's schedule, where each shooting's details are. */
  link: string;
}

/**
 * The reminder a capture technician receives from sendShootingReminderToPhotographers (part 2 §7;
 * docs/decisions/0156), in the French of their screens ('capture', where brokers read 'séance'):
 * one line per shooting, its time (the half-day's window while untimed), address, number, whether
 * it is still to be confirmed, and the broker's note.
 */
export function reminderEmail(p: ReminderEmail): MailMessage {
  const line = (s: ReminderShooting, lang: 'fr' | 'en') => {
    const { start, end } = slotWindow(s.am);
    const [time, half, no, pending, note] =
      lang === 'fr'
        ? [frTime, s.am ? 'avant-midi' : 'après-midi', 'capture n°', 'à confirmer', 'Note du courtier :']
        : [enTime, s.am ? 'morning' : 'afternoon', 'shooting no.', 'to be confirmed', 'Broker’s note:'];
    const when = s.startS === null ? `${half} (${time(start)} – ${time(end)})` : time(s.startS);
    const extra = [s.confirmed ? '' : pending, s.note.trim() ? `${note} ${s.note.trim()}` : ''].filter(Boolean);
    return `${when} — ${s.address} (${no} ${s.id})${extra.length ? ` — ${extra.join(' — ')}` : ''}`.replace(/\s+/g, ' ');
  };
  const fr = {
    hello: `Bonjour ${p.techName},`,
    intro: `Voici vos captures du ${longDate(p.date, 'fr-CA')} :`,
    lines: p.shootings.map((s) => line(s, 'fr')),
    follow: 'Le détail de chaque capture est dans votre horaire :',
    list: 'Votre horaire',
  };
  const en = {
    hello: `Hello ${p.techName},`,
    intro: `Here are your shootings on ${longDate(p.date, 'en-CA')}:`,
    lines: p.shootings.map((s) => line(s, 'en')),
    follow: 'Each shooting’s details are in your schedule:',
    list: 'Your schedule',
  };
  return bilingual(p.to, `Rappel : vos captures du ${longDate(p.date, 'fr-CA')} / Reminder: your shootings on ${longDate(p.date, 'en-CA')}`, p.link, [fr, en]);
}
