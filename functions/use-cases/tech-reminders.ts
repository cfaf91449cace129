import type { RemindedTechnician } from '#shared/catalogue/calendar.ts';
import { Role } from '#shared/roles.ts';
import { localSecondsOf } from '#shared/rules/business-time.ts';
import { isSendableAddress, sendMail } from '../plumbing/mail/index.ts';
import { siteOrigin } from '../plumbing/site-origin.ts';
import { listingFieldsById } from '../storage/listings.ts';
import { activeUsersOfRole } from '../storage/users.ts';
import { activeShootingsOfDay } from './schedule.ts';
import { mailAddress, type MailContext } from './shooting-mail.ts';
import { reminderEmail, type ReminderShooting } from './shooting-emails.ts';

export interface Reminders {
  sent: RemindedTechnician[];
  failed: RemindedTechnician[];
}

/**
 * Mails each active capture technician with shootings on `date` the list of them, in the order they
 * happen (part 2 §7 sendShootingReminderToPhotographers; docs/decisions/0156). Sending the reminders
 * is the whole request, so a message that cannot be sent is answered (in `failed`), not only logged;
 * the others still go, as does none to an address SES refuses. Shootings of a suspended technician are
 * not mailed to anyone.
 */
export async function remindTechnicians(date: string, ctx: MailContext): Promise<Reminders> {
  const [shootings, technicians] = await Promise.all([activeShootingsOfDay(date), activeUsersOfRole(Role.tech_capture)]);
  const listings = await listingFieldsById(
    shootings.map((s) => s.listing_id),
    ['address', 'app', 'city'],
  );
  const days = new Map<number, ReminderShooting[]>();
  for (const s of shootings) {
    const started = s.starttime === null ? NaN : Date.parse(s.starttime);
    const listing = listings.get(s.listing_id);
    const line = { id: s.id, address: listing ? mailAddress(listing) : `#${s.listing_id}`, am: s.am, startS: Number.isNaN(started) ? null : localSecondsOf(date, started), confirmed: s.is_confirmed, note: s.note };
    days.set(s.tech_id!, [...(days.get(s.tech_id!) ?? []), line]);
  }
  const link = `${siteOrigin(ctx.event.headers ?? {})}/schedule`;
  const reminded = technicians
    .filter((tech) => days.has(tech.id))
    .sort((a, b) => a.lastname.localeCompare(b.lastname, 'fr') || a.firstname.localeCompare(b.firstname, 'fr') || a.id - b.id);
  const outcomes = await Promise.all(
    reminded.map(async (tech) => {
      const own = days.get(tech.id)!;
      const who: RemindedTechnician = { id: tech.id, firstname: tech.firstname, lastname: tech.lastname, email: tech.email, shootings: own.length };
      // SES refuses such an address (ADR 0705); the local outbox would take it, and the answer would not say what AWS does.
      if (!isSendableAddress(tech.email)) {
        ctx.log('reminder e-mail not sent: an address SES refuses', { tech: tech.id });
        return { who, ok: false };
      }
      try {
        const mail = await sendMail(reminderEmail({ to: tech.email, techName: tech.firstname, date, shootings: own, link }));
        ctx.log('reminder e-mail sent', { tech: tech.id, mail: mail.id });
        return { who, ok: true };
      } catch (error) {
        ctx.log('reminder e-mail not sent', { tech: tech.id, error: (error as Error).message });
        console.error(`reminder e-mail of technician ${tech.id} not sent`, error);
        return { who, ok: false };
      }
    }),
  );
  return { sent: outcomes.filter((o) => o.ok).map((o) => o.who), failed: outcomes.filter((o) => !o.ok).map((o) => o.who) };
}
