import { beforeAll, describe, expect, it } from 'vitest';
import { insertListing } from '#functions/storage/listings.ts';
import { insertShooting, newShootingId } from '#functions/storage/shootings.ts';
import { insertUser, newUserId, setSuspended } from '#functions/storage/users.ts';
import { CALENDAR_MESSAGES, sendShootingReminderToPhotographers } from '#shared/catalogue/calendar.ts';
import { ShootingState } from '#shared/enums.ts';
import { Role } from '#shared/roles.ts';
import { addDays, localDateOf, localTimeMs } from '#shared/rules/business-time.ts';
import { tokenFor } from '../support/api.ts';
import { ownDay } from '../support/days.ts';
import { listingFields } from '../support/listing-fields.ts';
import { bodyOf, callOp, errorOf } from '../support/operations.ts';
import { outboxMails } from '../support/outbox.ts';

/**
 * sendShootingReminderToPhotographers (part 2 §7; docs/decisions/0156): each active capture
 * technician with shootings on the day is mailed the list of them, in the order they happen; the
 * answer says who was and who could not be. The shootings sit on a day no other test uses (ownDay).
 */

async function technician(email: (id: number) => string, lastname: string): Promise<{ id: number; email: string }> {
  const id = await newUserId();
  const at = new Date().toISOString();
  await insertUser({ id, role: Role.tech_capture, email: email(id), firstname: 'Rappel', lastname, password_hash: 'not-a-login', created_at: at, updated_at: at });
  return { id, email: email(id) };
}

async function shooting(date: string, techId: number | null, address: string, fields: { am?: boolean; startS?: number; state?: number; is_confirmed?: boolean; note?: string } = {}): Promise<number> {
  const at = new Date().toISOString();
  const listing = await insertListing(listingFields(address, { id: 999_999, firstname: 'B', lastname: 'Roker' }));
  const id = await newShootingId();
  const { startS, am = true, state = ShootingState.confirmed, is_confirmed = true, note = '' } = fields;
  await insertShooting(
    {
      id,
      listing_id: listing.id,
      broker_id: 999_999,
      scheduleddate: date,
      am,
      is_confirmed,
      state,
      note,
      estimated_duration: 3600,
      room_count: 4,
      tech_id: techId,
      created_at: at,
      updated_at: at,
      ...(startS === undefined ? {} : { starttime: new Date(localTimeMs(date, startS)).toISOString() }),
    },
    { lat: null, lng: null, reserved_tech_id: null },
  );
  return id;
}

const H = 3600;
let D: string;
let admin: string;
const techs: Record<'lavoie' | 'bouchard' | 'gone' | 'accented' | 'idle', { id: number; email: string }> = {} as never;
const ids: Record<string, number> = {};

beforeAll(async () => {
  D = ownDay();
  admin = (await tokenFor(Role.admin)).token;
  const mail = (name: string) => (id: number) => `${name}${id}@rappel.example`;
  [techs.lavoie, techs.bouchard, techs.gone, techs.accented, techs.idle] = await Promise.all([
    technician(mail('lavoie'), 'Lavoie'),
    technician(mail('bouchard'), 'Bouchard'),
    technician(mail('parti'), 'Parti'),
    technician((id) => `hélène${id}@rappel.example`, 'Accent'),
    technician(mail('libre'), 'Libre'),
  ]);
  await setSuspended(techs.gone.id, true);
  ids.afternoon = await shooting(D, techs.lavoie.id, '4 rue de l’Après-Midi', { am: false, is_confirmed: false, state: ShootingState.unconfirmed, note: 'Sonner  deux fois' });
  ids.nine = await shooting(D, techs.lavoie.id, '9 rue du Matin', { startS: 9 * H + 5 * 60 });
  ids.cancelled = await shooting(D, techs.lavoie.id, '5 rue Annulée', { startS: 11 * H, state: ShootingState.canceled });
  ids.bouchard = await shooting(D, techs.bouchard.id, '1 rue Bouchard', { startS: 13 * H + 30 * 60 });
  ids.gone = await shooting(D, techs.gone.id, '2 rue du Départ', { startS: 10 * H });
  ids.accented = await shooting(D, techs.accented.id, '3 rue Accent', { startS: 10 * H });
  ids.unassigned = await shooting(D, null, '6 rue Personne', { startS: 10 * H });
});

describe('sendShootingReminderToPhotographers', () => {
  it('mails each active technician with shootings that day their list in order, and answers who was and who could not be', async () => {
    const before = new Set(outboxMails().map((m) => m.text));
    const answer = bodyOf(await callOp(sendShootingReminderToPhotographers, { date: D }, admin));
    const ours = new Set(Object.values(techs).map((t) => t.id));
    expect(answer.date).toBe(D);
    // By last name: Bouchard before Lavoie. The suspended one and the one without shootings get nothing.
    expect(answer.sent.filter((t) => ours.has(t.id)).map((t) => [t.id, t.shootings])).toEqual([
      [techs.bouchard.id, 1],
      [techs.lavoie.id, 2],
    ]);
    // An address SES refuses is answered as not sent, whatever the local outbox would take.
    expect(answer.failed.filter((t) => ours.has(t.id))).toEqual([{ id: techs.accented.id, firstname: 'Rappel', lastname: 'Accent', email: techs.accented.email, shootings: 1, reason: 'address_refused' }]);

    const mails = outboxMails().filter((m) => !before.has(m.text));
    const to = (email: string) => mails.filter((m) => m.to === email);
    expect(to(techs.gone.email)).toEqual([]);
    expect(to(techs.idle.email)).toEqual([]);
    expect(to(techs.accented.email)).toEqual([]);
    expect(to(techs.bouchard.email)).toHaveLength(1);
    const [lavoie] = to(techs.lavoie.email);
    expect(lavoie!.subject).toMatch(/^Rappel : vos captures du .+ \/ Reminder: your shootings on .+$/);
    // 9:05 before the afternoon; the cancelled shooting left out; the unconfirmed one said so, with the broker's note.
    expect(lavoie!.text).toContain(`- 9h05 — 9 rue du Matin, Laval (capture n° ${ids.nine})\n- après-midi (12h30 – 17h00) — 4 rue de l’Après-Midi, Laval (capture n° ${ids.afternoon}) — à confirmer — Note du courtier : Sonner deux fois\n`);
    expect(lavoie!.text).toContain(`- 9:05 a.m. — 9 rue du Matin, Laval (shooting no. ${ids.nine})\n- afternoon (12:30 p.m. – 5:00 p.m.) — 4 rue de l’Après-Midi, Laval (shooting no. ${ids.afternoon}) — to be confirmed — Broker’s note: Sonner deux fois\n`);
    expect(lavoie!.text).not.toContain('Annulée');
    expect(lavoie!.text).toMatch(/Le détail de chaque capture est dans votre horaire : https?:\/\/[^\s]+\/schedule/);
  });

  it('refuses a day already past (422): its shootings are over', async () => {
    const yesterday = addDays(localDateOf(Date.now()), -1);
    expect(errorOf(await callOp(sendShootingReminderToPhotographers, { date: yesterday }, admin), 422).message).toBe(CALENDAR_MESSAGES.reminderPast);
  });

  it('is for administrators only (403), and a date that is not one is a 400 naming the field', async () => {
    for (const role of [Role.tech_capture, Role.broker, Role.tech_postprod_lead]) errorOf(await callOp(sendShootingReminderToPhotographers, { date: D }, (await tokenFor(role)).token), 403);
    for (const date of ['2026-02-30', 'demain', '', '2026-12-01T00:00:00Z']) {
      const bad = errorOf(await callOp(sendShootingReminderToPhotographers, { date }, admin), 400);
      expect(JSON.stringify(bad)).toContain('date');
    }
  });
});
