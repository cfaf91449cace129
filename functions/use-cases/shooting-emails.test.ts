import { describe, expect, it } from 'vitest';
import { bookingEmail, confirmationEmail } from './shooting-emails.ts';

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
});
