import type { RemindedTechnician, ReminderFailure } from '#shared/catalogue/calendar.ts';
import { Role } from '#shared/roles.ts';
import { isSendableAddress, sendMail } from '../plumbing/mail/index.ts';
import { siteOrigin } from '../plumbing/site-origin.ts';
import { listingFieldsById } from '../storage/listings.ts';
import { activeUsersOfRole } from '../storage/users.ts';
import { activeShootingsOfDay, startSecondsOf } from './schedule.ts';
import { mailAddress, type MailContext } from './shooting-mail.ts';
import { reminderEmail, type ReminderShooting } from './shooting-emails.ts';

export interface Reminders {
  sent: RemindedTechnician[];
  failed: Array<RemindedTechnician & { reason: ReminderFailure }>;
}

/** Messages sent at once. */
const AT_ONCE = 5;

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
    const listing = listings.get(s.listing_id);
    const line = { id: s.id, address: listing ? mailAddress(listing) : `#${s.listing_id}`, am: s.am, startS: startSecondsOf(s, date), confirmed: s.is_confirmed, note: s.note };
    days.set(s.tech_id!, [...(days.get(s.tech_id!) ?? []), line]);
  }
  const link = `${siteOrigin(ctx.event.headers ?? {})}/schedule`;
  const reminded = technicians
    .filter((tech) => days.has(tech.id))
    .sort((a, b) => a.lastname.localeCompare(b.lastname, 'fr') || a.firstname.localeCompare(b.firstname, 'fr') || a.id - b.id);
  const outcomes: Array<{ who: RemindedTechnician; failure?: ReminderFailure }> = [];
  // A few at a time: a busy day's dozens of messages at once would meet SES's sending rate.
  for (let i = 0; i < reminded.length; i += AT_ONCE) {
    outcomes.push(
      ...(await Promise.all(
        reminded.slice(i, i + AT_ONCE).map(async (tech) => {
          const own = days.get(tech.id)!;
          const who: RemindedTechnician = { id: tech.id, firstname: tech.firstname, lastname: tech.lastname, email: tech.email, shootings: own.length };
          // SES refuses such an address (ADR 0705); the local outbox would take it, and the answer would not say what AWS does.
          if (!isSendableAddress(tech.email)) {
            ctx.log('reminder e-mail not sent: an address SES refuses', { tech: tech.id });
            return { who, failure: 'address_refused' as const };
          }
          try {
            const mail = await sendMail(reminderEmail({ to: tech.email, techName: tech.firstname, date, shootings: own, link }));
            ctx.log('reminder e-mail sent', { tech: tech.id, mail: mail.id });
            return { who };
          } catch (error) {
            ctx.log('reminder e-mail not sent', { tech: tech.id, error: (error as Error).message });
            console.error(`reminder e-mail of technician ${tech.id} not sent`, error);
            return { who, failure: 'send_failed' as const };
          }
        }),
      )),
    );
  }
  return { sent: outcomes.flatMap((o) => (o.failure ? [] : [o.who])), failed: outcomes.flatMap((o) => (o.failure ? [{ ...o.who, reason: o.failure }] : [])) };
}
