import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tokenFor } from '../support/api.ts';
import { ownDay, ownHalfDay, quietDay } from '../support/days.ts';
import { bodyOf, callHere, callOp, errorOf } from '../support/operations.ts';
import { outboxMails } from '../support/outbox.ts';
import { overtakingFirstWrite } from '../support/overtaking.ts';
import { PLANNING_BROKERS } from '../../scripts/local/seed/planning-world.ts';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#functions/plumbing/aws.ts';
import { techDayFit } from '#functions/use-cases/tech-day-fit.ts';
import { keys } from '#functions/plumbing/keys.ts';
import { handler as assignHere } from '#functions/planner/assign-prod-shooting.ts';
import { handler as lockHere } from '#functions/planner/update-lock-status.ts';
import { handler as flagHere } from '#functions/planner/attempt-shooting-flag-removal.ts';
import { getShootingItem, insertShooting, newShootingId } from '#functions/storage/shootings.ts';
import { getUser } from '#functions/storage/users.ts';
import { addUnavailability } from '#functions/storage/unavailabilities.ts';
import {
  PLANNER_MESSAGES,
  abandonShooting,
  assignProdShooting,
  attemptShootingFlagRemoval,
  dailyShootingActivity,
  techLocks,
  unassignShootingTech,
  updateLockStatus,
} from '#shared/catalogue/planner.ts';
import { ShootingState } from '#shared/enums.ts';
import { addDays, dayStartMs } from '#shared/rules/business-time.ts';
import { removeAvailability } from '#shared/catalogue/calendar.ts';
import { Role } from '#shared/roles.ts';
import { bookingAt, planningBrokerToken } from './booking-support.ts';
import { createShooting, getAllShootings, SHOOTING_MESSAGES, updateShootingTime } from '#shared/catalogue/shootings.ts';
import { toneFor } from '../../web/src/areas/planner/board-dnd.ts';

/** The planner board's operations (docs/decisions/0170-planner-board.md): the day, locks, the forced flag, abandon. */

/** Books on a listing of its own (a unique apartment): other tests book the same demo addresses, which would make reshoots. */
const bookId = async (address: string, date: string, am: boolean) =>
  bodyOf(await callOp(createShooting, bookingAt(address, date, am, { app: `PB${Date.now() % 1e6}${Math.floor(Math.random() * 1000)}` }), await planningBrokerToken(1))).data.id;
const MATHIEU = 1006;
const ISABELLE = 1007;

/** Five mornings in Montréal's suburbs, booked on `date`: more than one technician's morning holds. */
async function fiveMornings(date: string): Promise<number[]> {
  const addresses = ['8200 Boulevard Newman', '12000 Boulevard Gouin Ouest', '6000 Boulevard Taschereau', '2500 Boulevard Laurier', '800 Boulevard René-Lévesque Ouest'];
  const ids: number[] = [];
  for (const a of addresses) ids.push(await bookId(a, date, true));
  return ids;
}

/** Forces the shootings onto the technician through the API (another planner's board). */
async function forceOnto(techId: number, ids: readonly number[], token: string): Promise<void> {
  for (const id of ids) bodyOf(await callOp(assignProdShooting, { shooting_id: id, tech_id: techId, force_assigned: true }, token));
}

async function board(date: string, token: string) {
  return bodyOf(await callOp(dailyShootingActivity, { date }, token));
}

describe('dailyShootingActivity', () => {
  it("answers the day's shootings with technician, tags, version and reshoot ordinal, and the technicians working that day", async () => {
    const date = ownHalfDay(true);
    const id = await bookId('4500 Rue Saint-Denis', date, true);
    const { token } = await tokenFor(Role.tech_postprod);
    const day = await board(date, token);
    const mine = day.shootings.find((s) => s.id === id)!;
    expect(mine).toMatchObject({ tech_id: null, force_assigned: false, seasonal: false, blue_hour: false, reshoot: false, reshootIndex: 1, scheduleddate: date });
    expect(mine.version).toBeGreaterThanOrEqual(1);
    const mathieu = day.scheduledTechs.find((t) => t.id === MATHIEU)!;
    expect(mathieu).toMatchObject({ firstname: 'Mathieu', lastname: 'Caron', locked: false });
    expect(mathieu.home?.address).toContain('Saint-Hubert');
    expect(mathieu.depot?.city).toBeTruthy();
    // What he does (part 2 §3 userServiceOffers, userShootingPackages): his stored profile's.
    const profile = (await getUser(MATHIEU))!;
    expect(mathieu.userServiceOffers).toEqual(profile.service_offers);
    expect(mathieu.userShootingPackages).toEqual(profile.shooting_packages);
    expect(mathieu.userServiceOffers.length + mathieu.userShootingPackages.length).toBeGreaterThan(0);
  });

  it('numbers the shootings of one listing (reshoots), leaving out cancelled and recommended ones', async () => {
    const date = ownHalfDay(false);
    const id = await bookId('1200 Avenue Cartier', date, false);
    const booked = (await getShootingItem(id))!;
    // Earlier shootings of the listing, a year back: days before `date` are other tests' own (a staff read of one lists every shooting on it).
    const earlier = async (state: number, daysBefore: number) => {
      const { id: _id, ...rest } = booked;
      await insertShooting({ ...rest, id: await newShootingId(), scheduleddate: addDays(date, -365 - daysBefore), state, tech_id: null }, { lat: booked.lat, lng: booked.lng, reserved_tech_id: null });
    };
    await earlier(ShootingState.completed, 20);
    await earlier(ShootingState.recommended, 10);
    await earlier(ShootingState.canceled, 5);
    const { token } = await tokenFor(Role.admin);
    const mine = (await board(date, token)).shootings.find((s) => s.id === id)!;
    expect(mine).toMatchObject({ reshoot: true, reshootIndex: 2 });
  });

  it('sends a technician working without an availability (they hold a shooting) unavailable all day, as the server plans them: their zone reads red where the server refuses (ADR 0595)', async () => {
    const date = ownDay();
    const [held, dragged] = [await bookId('6000 Boulevard Saint-Laurent', date, true), await bookId('4500 Rue Saint-Denis', date, false)];
    const { token } = await tokenFor(Role.admin);
    expect(bodyOf(await callOp(assignProdShooting, { shooting_id: held, tech_id: MATHIEU, force_assigned: false }, token)).success).toBe(true);
    expect(bodyOf(await callOp(removeAvailability, { user_id: MATHIEU, date }, token)).status).toBe(200);

    const day = await board(date, token);
    const mathieu = day.scheduledTechs.find((t) => t.id === MATHIEU)!;
    expect(mathieu.unavailabilities).toEqual([
      { id: 'no-availability', start: new Date(dayStartMs(date)).toISOString(), end: new Date(dayStartMs(addDays(date, 1))).toISOString(), summary: 'Aucune disponibilité inscrite pour cette journée.' },
    ]);
    // The board's drop zone (a pending afternoon booking, no time yet) and the server agree: red, refused.
    const shooting = day.shootings.find((s) => s.id === dragged)!;
    expect(toneFor(mathieu, day.shootings.filter((s) => s.tech_id === MATHIEU), shooting, false)).toBe('busy');
    expect(bodyOf(await callOp(assignProdShooting, { shooting_id: dragged, tech_id: MATHIEU, force_assigned: false }, token))).toMatchObject({ success: false, reason: 'conflict' });
    // A technician with an availability: green, and taken.
    const isabelle = day.scheduledTechs.find((t) => t.id === ISABELLE)!;
    expect(isabelle.unavailabilities.some((u) => u.id === 'no-availability')).toBe(false);
    expect(toneFor(isabelle, day.shootings.filter((s) => s.tech_id === ISABELLE), shooting, false)).toBe('free');
    expect(bodyOf(await callOp(assignProdShooting, { shooting_id: dragged, tech_id: ISABELLE, force_assigned: false }, token)).success).toBe(true);
  });

  it('is for planners only', async () => {
    const { token } = await tokenFor(Role.tech_capture);
    errorOf(await callOp(dailyShootingActivity, { date: quietDay() }, token), 403);
  });
});

describe('updateLockStatus and tech_locks', () => {
  it('locks a day (who and when), refuses an unforced assignment on it, unlocks it', async () => {
    const date = ownDay();
    const id = await bookId('6000 Boulevard Saint-Laurent', date, true);
    const { token, account: user } = await tokenFor(Role.admin);
    expect(bodyOf(await callOp(updateLockStatus, { tech_id: ISABELLE, locked: true, date }, token))).toEqual({ success: true, locked: true, confirmed: 0 });
    const locks = bodyOf(await callOp(techLocks, { date }, token)).locks;
    expect(locks).toEqual([expect.objectContaining({ tech_id: ISABELLE, locked_by: user.id })]);
    expect((await board(date, token)).scheduledTechs.find((t) => t.id === ISABELLE)?.locked).toBe(true);

    expect(bodyOf(await callOp(assignProdShooting, { shooting_id: id, tech_id: ISABELLE, force_assigned: false }, token))).toMatchObject({ success: false, reason: 'locked' });
    expect((await getShootingItem(id))?.tech_id).toBeNull();

    expect(bodyOf(await callOp(updateLockStatus, { tech_id: ISABELLE, locked: false, date }, token))).toEqual({ success: true, locked: false });
    expect(bodyOf(await callOp(techLocks, { date }, token)).locks).toEqual([]);
    expect(bodyOf(await callOp(assignProdShooting, { shooting_id: id, tech_id: ISABELLE, force_assigned: false }, token)).success).toBe(true);
  });

  it('locks a day whose transaction met another write on the half-day guards (TransactionConflict): it is sent again, not refused', async () => {
    const date = ownDay();
    const { token } = await tokenFor(Role.admin);
    const FAULT = 'conflict-once';
    let sent = 0;
    db.middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === 'TransactWriteItemsCommand' && ++sent === 1)
          throw Object.assign(new Error('injected: conflict'), { name: 'TransactionCanceledException', CancellationReasons: [{ Code: 'None' }, { Code: 'TransactionConflict' }, { Code: 'None' }] });
        return next(args);
      },
      { step: 'initialize', name: FAULT, override: true },
    );
    try {
      expect(bodyOf(await callHere(lockHere, updateLockStatus, { tech_id: ISABELLE, locked: true, date }, token))).toMatchObject({ success: true, locked: true });
    } finally {
      db.middlewareStack.remove(FAULT);
    }
    expect(sent).toBeGreaterThanOrEqual(2);
    expect(bodyOf(await callOp(techLocks, { date }, token)).locks.map((l) => l.tech_id)).toEqual([ISABELLE]);
  });

  it('refuses to unlock a day whose shootings conflict (409 with the message), and unlocks once they are taken back', async () => {
    const date = ownDay();
    const ids = await fiveMornings(date);
    const { token } = await tokenFor(Role.superadmin);
    for (const id of ids) expect(bodyOf(await callOp(assignProdShooting, { shooting_id: id, tech_id: MATHIEU, force_assigned: true }, token)).success).toBe(true);
    bodyOf(await callOp(updateLockStatus, { tech_id: MATHIEU, locked: true, date }, token));

    const refused = errorOf(await callOp(updateLockStatus, { tech_id: MATHIEU, locked: false, date }, token), 409);
    expect(refused.message).toBe(PLANNER_MESSAGES.unlockFailed);
    expect(bodyOf(await callOp(techLocks, { date }, token)).locks.map((l) => l.tech_id)).toEqual([MATHIEU]);

    // The forced flag cannot be removed either: the day is locked and over-full.
    const first = (await getShootingItem(ids[0]!))!;
    expect(bodyOf(await callOp(attemptShootingFlagRemoval, { shooting_id: first.id, version: first.version }, token))).toEqual({ success: false });
    expect((await getShootingItem(first.id))?.force_assigned).toBe(true);

    for (const id of ids.slice(1)) bodyOf(await callOp(unassignShootingTech, { shooting_id: id }, token));
    expect(bodyOf(await callOp(updateLockStatus, { tech_id: MATHIEU, locked: false, date }, token))).toEqual({ success: true, locked: false });
  });

  it('refuses an unlock whose check a forced assignment overtook: the day is checked again on what it holds then', async () => {
    const date = ownDay();
    const ids = await fiveMornings(date);
    const { token } = await tokenFor(Role.superadmin);
    bodyOf(await callOp(assignProdShooting, { shooting_id: ids[0]!, tech_id: MATHIEU, force_assigned: true }, token));
    bodyOf(await callOp(updateLockStatus, { tech_id: MATHIEU, locked: true, date }, token));

    // The unlock found one shooting, which fits; before its write, another planner forces the four others onto the day.
    const forceOthers = () => forceOnto(MATHIEU, ids.slice(1), token);
    const { answer, overtaken } = await overtakingFirstWrite(['TransactWriteItemsCommand', 'DeleteItemCommand'], forceOthers, () =>
      callHere(lockHere, updateLockStatus, { tech_id: MATHIEU, locked: false, date }, token),
    );
    expect(errorOf(answer, 409).message).toBe(PLANNER_MESSAGES.unlockFailed);
    expect(overtaken).toBe(true);
    expect(bodyOf(await callOp(techLocks, { date }, token)).locks.map((l) => l.tech_id)).toEqual([MATHIEU]);
  });

  it('locks the day and confirms its shootings when the confirmation e-mail cannot be sent (ADR 0705)', async () => {
    const date = ownDay();
    const id = await bookId('6000 Boulevard Saint-Laurent', date, true);
    const { token } = await tokenFor(Role.admin);
    expect(bodyOf(await callOp(assignProdShooting, { shooting_id: id, tech_id: ISABELLE, force_assigned: false }, token)).success).toBe(true);
    // The outbox cannot be written (a file stands where its folder should be).
    const outbox = process.env.MAIL_OUTBOX_DIR;
    process.env.MAIL_OUTBOX_DIR = join(fileURLToPath(import.meta.url), 'outbox');
    const answer = await callHere(lockHere, updateLockStatus, { tech_id: ISABELLE, locked: true, date }, token).finally(() => {
      process.env.MAIL_OUTBOX_DIR = outbox;
    });
    expect(bodyOf(answer)).toEqual({ success: true, locked: true, confirmed: 1 });
    expect(await getShootingItem(id)).toMatchObject({ is_confirmed: true, state: ShootingState.confirmed });
    expect(outboxMails().some((m) => m.text.includes(`n° ${id} est confirmée`))).toBe(false);
    bodyOf(await callOp(updateLockStatus, { tech_id: ISABELLE, locked: false, date }, token));
  });

  it('mails the confirmations made when a storage fault stops the others part way; locking again confirms and mails the rest', async () => {
    const date = ownDay();
    const ids = [await bookId('6000 Boulevard Saint-Laurent', date, true), await bookId('8200 Boulevard Newman', date, false)];
    const { token } = await tokenFor(Role.admin);
    for (const id of ids) expect(bodyOf(await callOp(assignProdShooting, { shooting_id: id, tech_id: ISABELLE, force_assigned: false }, token)).success).toBe(true);
    let writes = 0;
    const name = `fault-second-confirmation-${date}`;
    db.middlewareStack.add(
      (next, context) => async (args) => {
        // The lock is the first transaction, the confirmations the next ones: the second confirmation fails.
        if (context.commandName === 'TransactWriteItemsCommand' && ++writes === 3) throw Object.assign(new Error('throttled'), { name: 'ThrottlingException' });
        return next(args);
      },
      { step: 'initialize', name },
    );
    const answer = await callHere(lockHere, updateLockStatus, { tech_id: ISABELLE, locked: true, date }, token).finally(() => db.middlewareStack.remove(name));
    expect(bodyOf(answer)).toEqual({ success: true, locked: true, confirmed: 1 });
    const mailed = (id: number) => outboxMails().filter((m) => m.text.includes(`n° ${id} est confirmée`)).length;
    const [done, left] = (await Promise.all(ids.map((id) => getShootingItem(id)))).sort((a, b) => Number(b!.is_confirmed) - Number(a!.is_confirmed));
    expect([done!.is_confirmed, left!.is_confirmed]).toEqual([true, false]);
    expect([mailed(done!.id), mailed(left!.id)]).toEqual([1, 0]);
    expect(bodyOf(await callOp(updateLockStatus, { tech_id: ISABELLE, locked: true, date }, token)).confirmed).toBe(1);
    expect([mailed(done!.id), mailed(left!.id)]).toEqual([1, 1]);
    bodyOf(await callOp(updateLockStatus, { tech_id: ISABELLE, locked: false, date }, token));
  });

  it("confirms the locked day's pending shootings at the start times of its route, which the broker then reads (ADR 0540)", async () => {
    const date = ownDay();
    const [am, pm] = [await bookId('6000 Boulevard Saint-Laurent', date, true), await bookId('8200 Boulevard Newman', date, false)];
    const { token } = await tokenFor(Role.admin);
    for (const id of [am, pm]) expect(bodyOf(await callOp(assignProdShooting, { shooting_id: id, tech_id: ISABELLE, force_assigned: false }, token)).success).toBe(true);
    expect((await getShootingItem(am))).toMatchObject({ is_confirmed: false, state: ShootingState.unconfirmed, starttime: null });

    expect(bodyOf(await callOp(updateLockStatus, { tech_id: ISABELLE, locked: true, date }, token))).toEqual({ success: true, locked: true, confirmed: 2 });
    const [morning, afternoon] = [(await getShootingItem(am))!, (await getShootingItem(pm))!];
    for (const s of [morning, afternoon]) expect(s).toMatchObject({ is_confirmed: true, state: ShootingState.confirmed });
    // The exact times fall in each shooting's half-day (AM 8h30-12h30, PM 12h30-17h00), on the day.
    const hour = (iso: string | null) => Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' }).format(Date.parse(iso!)).replace(':', '.'));
    expect(hour(morning.starttime)).toBeGreaterThanOrEqual(8.3);
    expect(hour(morning.starttime)).toBeLessThan(12.3);
    expect(hour(afternoon.starttime)).toBeGreaterThanOrEqual(12.3);
    expect(hour(afternoon.starttime)).toBeLessThan(17);
    expect(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(Date.parse(morning.starttime!))).toBe(date);

    // Each broker is e-mailed their shooting's planned arrival, once: the time the list shows.
    for (const s of [morning, afternoon]) {
      const mails = outboxMails().filter((m) => m.subject.startsWith('Séance confirmée') && m.text.includes(`n° ${s.id} est confirmée`));
      expect(mails, `the confirmation of ${s.id}`).toHaveLength(1);
      const arrival = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', hour: 'numeric', minute: '2-digit', hourCycle: 'h23' }).format(Date.parse(s.starttime!)).split(':');
      expect(mails[0]!.text).toContain(`arrivée prévue à ${Number(arrival[0])}h${arrival[1]}`);
      expect(mails[0]!.to).toBe(PLANNING_BROKERS[1]!.email);
    }

    // The broker now reads them confirmed, and may no longer move them.
    const broker = await planningBrokerToken(1);
    const listed = bodyOf(await callOp(getAllShootings, { from: date, to: date }, broker)).data.filter((s) => s.id === am || s.id === pm);
    expect(listed.map((s) => [s.is_confirmed, s.starttime])).toEqual([[true, morning.starttime], [true, afternoon.starttime]]);
    expect(errorOf(await callOp(updateShootingTime, { shooting_id: am, scheduleddate: date, is_am: false }, broker), 409).message).toBe(SHOOTING_MESSAGES.alreadyConfirmed);

    // Locking again confirms nothing more; unlocking keeps what the brokers were told.
    expect(bodyOf(await callOp(updateLockStatus, { tech_id: ISABELLE, locked: true, date }, token)).confirmed).toBe(0);
    expect(outboxMails().filter((m) => m.text.includes(`n° ${am} est confirmée`))).toHaveLength(1);
    bodyOf(await callOp(updateLockStatus, { tech_id: ISABELLE, locked: false, date }, token));
    expect((await getShootingItem(am))!.is_confirmed).toBe(true);
  });

  it('answers 404 for a user who is not a capture technician', async () => {
    const { token, account: user } = await tokenFor(Role.admin);
    expect(errorOf(await callOp(updateLockStatus, { tech_id: user.id, locked: true, date: quietDay() }, token), 404).message).toBe(PLANNER_MESSAGES.notTechnician);
  });
});

describe('attemptShootingFlagRemoval', () => {
  it('clears the forced flag when the shooting fits without force; 409 on a stale version', async () => {
    const date = ownDay();
    const id = await bookId('4500 Rue Saint-Denis', date, false);
    const { token } = await tokenFor(Role.tech_postprod_lead);
    bodyOf(await callOp(assignProdShooting, { shooting_id: id, tech_id: MATHIEU, force_assigned: true }, token));
    const forced = (await getShootingItem(id))!;
    expect(forced.force_assigned).toBe(true);

    errorOf(await callOp(attemptShootingFlagRemoval, { shooting_id: id, version: forced.version - 1 }, token), 409);
    expect(bodyOf(await callOp(attemptShootingFlagRemoval, { shooting_id: id, version: forced.version }, token))).toEqual({ success: true });
    const after = (await getShootingItem(id))!;
    expect(after).toMatchObject({ force_assigned: false, tech_id: MATHIEU });
  });

  it('keeps the flag when shootings forced onto the day after its check make the day over-full', async () => {
    const date = ownDay();
    const ids = await fiveMornings(date);
    const { token } = await tokenFor(Role.admin);
    bodyOf(await callOp(assignProdShooting, { shooting_id: ids[0]!, tech_id: MATHIEU, force_assigned: true }, token));
    const forced = (await getShootingItem(ids[0]!))!;

    // The removal found the day fitting; before its write, another planner forces the four others onto it.
    const forceOthers = () => forceOnto(MATHIEU, ids.slice(1), token);
    const { answer, overtaken } = await overtakingFirstWrite(['TransactWriteItemsCommand', 'UpdateItemCommand'], forceOthers, () =>
      callHere(flagHere, attemptShootingFlagRemoval, { shooting_id: forced.id, version: forced.version }, token),
    );
    expect(bodyOf(answer)).toEqual({ success: false });
    expect(overtaken).toBe(true);
    expect((await getShootingItem(forced.id))?.force_assigned).toBe(true);
  });
});

describe('drag and drop from a board read before another change (assignProdShooting, unassignShootingTech with the version shown)', () => {
  it('is refused with 409 and changes nothing: a colleague moved the shooting meanwhile', async () => {
    const date = ownHalfDay(false);
    const id = await bookId('4500 Rue Saint-Denis', date, false);
    const { token } = await tokenFor(Role.admin);
    const shown = (await board(date, token)).shootings.find((s) => s.id === id)!;
    // A colleague's board takes it for Mathieu.
    expect(bodyOf(await callOp(assignProdShooting, { shooting_id: id, tech_id: MATHIEU, force_assigned: true, version: shown.version }, token)).success).toBe(true);
    // Ours, still showing it unassigned, drops it on Isabelle: refused, Mathieu keeps it.
    expect(errorOf(await callOp(assignProdShooting, { shooting_id: id, tech_id: ISABELLE, force_assigned: true, version: shown.version }, token), 409).message).toBe(PLANNER_MESSAGES.stale);
    expect((await getShootingItem(id))?.tech_id).toBe(MATHIEU);
    errorOf(await callOp(unassignShootingTech, { shooting_id: id, version: shown.version }, token), 409);
    expect((await getShootingItem(id))?.tech_id).toBe(MATHIEU);
    // From the board as it now is, both go through.
    const now = (await board(date, token)).shootings.find((s) => s.id === id)!;
    expect(bodyOf(await callOp(unassignShootingTech, { shooting_id: id, version: now.version }, token))).toEqual({ success: true });
    expect((await getShootingItem(id))?.tech_id ?? null).toBeNull();
  });
});

describe('two planners dropping two shootings on the one free hour of a technician at once (ADR 0645)', () => {
  /**
   * Holds the first transaction this process sends into the morning of `date` until it sends a second one, and sends that one
   * once the first is done: both assignments have checked the technician's day by then, as two
   * Lambdas serving two planners at the same moment would have.
   */
  function holdFirstTransaction(date: string): () => void {
    let held: { release: () => void; done: Promise<unknown> } | undefined;
    const name = `hold-first-transaction-${Math.random()}`;
    db.middlewareStack.add(
      (next, context) => async (args) => {
        if (!/TransactWrite/.test(context.commandName ?? '') || !JSON.stringify(args.input).includes(keys.halfDay(date, true).pk)) return next(args);
        if (!held) {
          let release = () => {};
          const released = new Promise<void>((resolve) => {
            release = resolve;
            setTimeout(resolve, 5_000);
          });
          const done = released.then(() => next(args));
          held = { release, done: done.catch(() => undefined) };
          return done;
        }
        held.release();
        await held.done;
        return next(args);
      },
      { step: 'initialize', name },
    );
    return () => db.middlewareStack.remove(name);
  }

  it('gives it to one of them; the other is checked again on the day as it now is and refused as a schedule conflict', async () => {
    const date = ownDay();
    const [first, second] = [await bookId('4500 Rue Saint-Denis', date, true), await bookId('6000 Boulevard Saint-Laurent', date, true)];
    // Held by nobody yet (a booking reserves a technician, who might be Mathieu), and Mathieu is
    // free only until 10:00 that day: room for either morning shooting, not both.
    for (const id of [first, second]) await db.send(new UpdateCommand({ TableName: tableName(), Key: keys.shooting(id), UpdateExpression: 'SET reserved_tech_id = :none', ExpressionAttributeValues: { ':none': null } }));
    await addUnavailability(MATHIEU, new Date(dayStartMs(date) + 10 * 3_600_000).toISOString(), new Date(dayStartMs(addDays(date, 1)) - 60_000).toISOString(), 'rendez-vous');
    for (const id of [first, second]) expect((await techDayFit(date, MATHIEU, id))?.feasible, `shooting ${id} alone`).toBe(true);
    const [a, b] = [(await tokenFor(Role.admin)).token, (await tokenFor(Role.superadmin)).token];
    const stopHolding = holdFirstTransaction(date);
    const answers = await Promise.all([
      callHere(assignHere, assignProdShooting, { shooting_id: first, tech_id: MATHIEU, force_assigned: false }, a),
      callHere(assignHere, assignProdShooting, { shooting_id: second, tech_id: MATHIEU, force_assigned: false }, b),
    ]).finally(stopHolding);
    const bodies = answers.map((r) => bodyOf(r));
    expect(bodies.filter((r) => r.success)).toHaveLength(1);
    expect(bodies.find((r) => !r.success)).toMatchObject({ success: false, reason: 'conflict' });
    const holders = [(await getShootingItem(first))?.tech_id ?? null, (await getShootingItem(second))?.tech_id ?? null];
    expect(holders.filter((t) => t === MATHIEU)).toHaveLength(1);
  });
});

describe('abandonShooting', () => {
  it('abandons a shooting at the version read: it leaves the board; a stale or second abandon is a 409', async () => {
    const date = ownHalfDay(true);
    const id = await bookId('1200 Avenue Cartier', date, true);
    const { token } = await tokenFor(Role.admin);
    const read = (await board(date, token)).shootings.find((s) => s.id === id)!;
    errorOf(await callOp(abandonShooting, { shooting_id: id, version: read.version + 1 }, token), 409);
    expect(bodyOf(await callOp(abandonShooting, { shooting_id: id, version: read.version }, token))).toEqual({ success: true });
    expect((await getShootingItem(id))?.state).toBe(ShootingState.abandonned);
    expect((await board(date, token)).shootings.some((s) => s.id === id)).toBe(false);
    errorOf(await callOp(abandonShooting, { shooting_id: id, version: read.version + 1 }, token), 409);
  });

  it('is refused to a broker', async () => {
    const date = ownHalfDay(true);
    const id = await bookId('1200 Avenue Cartier', date, true);
    const broker = await planningBrokerToken(1);
    errorOf(await callOp(abandonShooting, { shooting_id: id, version: 1 }, broker), 403);
    expect((await getShootingItem(id))?.state).toBe(ShootingState.unconfirmed);
  });
});
