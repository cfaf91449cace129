import { describe, expect, it } from 'vitest';
import { bookingEmail, confirmationEmail, reminderEmail } from './shooting-emails.ts';

const base = { to: 'courtier@exemple.com', brokerName: 'Béatrice', shootingId: 42, address: '12 rue <Principale> #3, Lévis', date: '2026-12-03', link: 'https://immo.example/shooting' };

describe('shooting e-mails', () => {
  it('give the arrival time in each language: 8h05 / 8:05 a.m., 12h30 / 12:30 p.m., 16h45 / 4:45 p.m.', () => {
    for (const [startS, fr, en] of [
      [8 * 3600 + 5 * 60, '8h05', '8:05 a.m.'],
      [12 * 3600 + 30 * 60, '12h30', '12:30 p.m.'],
      [16 * 3600 + 45 * 60, '16h45', '4:45 p.m.'],
    ] as const) {
      const { text } = confirmationEmail({ ...base, startS });
      expect(text).toContain(`- Date : jeudi 3 décembre 2026, arrivée prévue à ${fr}`);
      expect(text).toContain(`- Date: Thursday, December 3, 2026, planned arrival at ${en}`);
    }
  });

  it('give the half-day window of a booking, and escape what the HTML part quotes', () => {
    const mail = bookingEmail({ ...base, am: true, services: [{ fr: 'Photos', en: 'Photos' }] });
    expect(mail.text).toContain('en avant-midi (arrivée entre 8h30 et 12h30)');
    expect(mail.text).toContain('morning (arrival between 8:30 a.m. and 12:30 p.m.)');
    expect(mail.html).toContain('12 rue &lt;Principale&gt; #3, Lévis');
    expect(mail.html).not.toContain('<Principale>');
    expect(mail.subject).toBe('Demande de séance reçue / Booking request received — 12 rue <Principale> #3, Lévis');
  });

  it('list a technician’s day in each language: the time or the half-day window, the number, what is to be confirmed, the note', () => {
    const mail = reminderEmail({
      to: 'tech@exemple.com',
      techName: 'Carl',
      date: '2026-12-03',
      link: 'https://immo.example/schedule',
      shootings: [
        { id: 7, address: '12 rue <Principale>, Lévis', am: true, startS: 9 * 3600 + 5 * 60, confirmed: true, note: '  Clé  chez le voisin ' },
        { id: 8, address: '3 avenue Cartier, Québec', am: false, startS: null, confirmed: false, note: '' },
      ],
    });
    expect(mail.subject).toBe('Rappel : vos captures du jeudi 3 décembre 2026 / Reminder: your shootings on Thursday, December 3, 2026');
    expect(mail.text).toContain('Voici vos captures du jeudi 3 décembre 2026 :\n- 9h05 — 12 rue <Principale>, Lévis (capture n° 7) — Note du courtier : Clé chez le voisin\n- après-midi (12h30 – 17h00) — 3 avenue Cartier, Québec (capture n° 8) — à confirmer\n');
    expect(mail.text).toContain('- 9:05 a.m. — 12 rue <Principale>, Lévis (shooting no. 7) — Broker’s note: Clé chez le voisin\n- afternoon (12:30 p.m. – 5:00 p.m.) — 3 avenue Cartier, Québec (shooting no. 8) — to be confirmed\n');
    expect(mail.text).toContain('Le détail de chaque capture est dans votre horaire : https://immo.example/schedule');
    expect(mail.text).toContain('Each shooting’s details are in your schedule: https://immo.example/schedule');
    expect(mail.html).toContain('12 rue &lt;Principale&gt;, Lévis');
    expect(mail.html).not.toContain('<Principale>');
  });
});
