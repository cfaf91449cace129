import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { DISPATCH_MESSAGES, PLANNER_MESSAGES } from '#shared/catalogue/planner.ts';
import { operations } from '#shared/catalogue/index.ts';
import { ALL_ROLES, PLANNER_ROLES, Role, isPlanner } from '#shared/roles.ts';
import { ROUTE, checkRoute } from '#shared/routes.ts';
import type { PlannerShooting, ScheduledTech } from '#shared/catalogue/planner.ts';
import fr from './locales/fr.json';
import en from './locales/en.json';
import { toneFor } from './board-dnd.ts';
import { NO_AVAILABILITY_ID } from '#shared/catalogue/planner.ts';
import { openingDay, today, unassignedOnBoard, unavailabilityText } from './queries.ts';

describe('planner', () => {
  it('opens on the day of the route state, else today (the page and the prefetch of the router read the same, ADR 0350)', () => {
    expect(openingDay({ date: '2027-05-22' })).toBe('2027-05-22');
    expect(openingDay({ date: '2027-13-40' })).toBe(today());
    expect(openingDay({ date: 20270522 })).toBe(today());
    expect(openingDay(undefined)).toBe(today());
  });

  it('shows the dispatch messages of part 2 §8 verbatim in French', () => {
    expect(fr.planner.dispatch_none).toBe(DISPATCH_MESSAGES.none);
    expect(fr.planner.dispatch_partial).toBe(DISPATCH_MESSAGES.partial);
  });

  it('opens for exactly the roles its operations admit', () => {
    const plannerOps = operations.filter((op) => op.area === 'planner');
    expect(plannerOps.length).toBeGreaterThan(0);
    for (const op of plannerOps) expect([...(op.access as readonly number[])].sort(), op.id).toEqual([...PLANNER_ROLES].sort());
    // The planner's screens: /shootingdashboard, and /shooting shows the planner to the same roles (brokers get their list there).
    const admitted = (access: (typeof ROUTE)[keyof typeof ROUTE]['access']) => ALL_ROLES.filter((r) => checkRoute(access, r) === 'allow');
    expect(admitted(ROUTE.shootingdashboard.access)).toEqual([...PLANNER_ROLES].sort((a, b) => a - b));
    expect(admitted(ROUTE.shooting.access).filter((r) => r !== Role.broker)).toEqual(ALL_ROLES.filter(isPlanner));
  });

  it('shows the messages of part 2 §8 verbatim in French', () => {
    expect(fr.planner.assign_conflict).toBe("Conflit d'horaire, l'assignation n'a pas été effectuée.");
    expect(en.planner.locked_alert).toBe('Tech is currently locked for the day!');
    expect(fr.planner.locked_alert).toBe('Le technicien est verrouillé pour la journée!');
    expect(fr.planner.flag_reset_success).toBe(PLANNER_MESSAGES.flagResetSuccess);
    expect(fr.planner.flag_reset_failure).toBe(PLANNER_MESSAGES.flagResetFailure);
    expect(fr.planner.unlock_failed).toBe(PLANNER_MESSAGES.unlockFailed);
    expect([fr.planner.seasonal, fr.planner.blue_hour]).toEqual(['Saisonnière', 'Heure Bleue']);
    expect(Object.keys(en.planner.dnd).sort()).toEqual(Object.keys(fr.planner.dnd).sort());
  });

  it('counts as unassigned the shootings held by no technician working that day', () => {
    const shooting = (id: number, tech_id: number | null) => ({ id, tech_id }) as PlannerShooting;
    const left = unassignedOnBoard([shooting(1, 7), shooting(2, null), shooting(3, 9)], [{ id: 7 }]);
    expect(left.map((s) => s.id)).toEqual([2, 3]);
  });

  it('colours drop zones: grey when locked, red on an overlapping shooting or unavailability, green otherwise; all green when forced', () => {
    const at = (h: string) => `2026-05-04T${h}:00-04:00`;
    const tech = (over: Partial<ScheduledTech> = {}) => ({ id: 1, locked: false, unavailabilities: [], ...over }) as unknown as ScheduledTech;
    const s = (id: number, start: string | null) => ({ id, starttime: start && at(start), endtime: null }) as PlannerShooting;
    const dragged = s(10, '09:30');
    expect(toneFor(tech(), [s(1, '13:00')], dragged, false)).toBe('free');
    expect(toneFor(tech(), [s(1, '09:00')], dragged, false)).toBe('busy');
    expect(toneFor(tech({ unavailabilities: [{ id: 'u', start: at('08:00'), end: at('12:00'), summary: '' }] }), [], dragged, false)).toBe('busy');
    expect(toneFor(tech({ locked: true }), [], dragged, false)).toBe('locked');
    expect(toneFor(tech({ locked: true }), [s(1, '09:00')], dragged, true)).toBe('free');
    expect(toneFor(tech(), [s(1, null)], s(11, null), false)).toBe('free');
  });

  it('colours red the zone of a technician unavailable all day (working without an availability), for a timed or a half-day shooting (ADR 0595)', () => {
    const date = '2026-05-04';
    // What the board answers for such a technician: the whole day, local midnight to local midnight.
    const wholeDay = { id: NO_AVAILABILITY_ID, start: '2026-05-04T04:00:00.000Z', end: '2026-05-05T04:00:00.000Z', summary: 'Aucune disponibilité inscrite pour cette journée.' };
    const tech = (unavailabilities: ScheduledTech['unavailabilities']) => ({ id: 1, locked: false, unavailabilities }) as unknown as ScheduledTech;
    const pending = (am: boolean) => ({ id: 10, scheduleddate: date, am, starttime: null, endtime: null }) as PlannerShooting;
    const timed = { id: 11, scheduleddate: date, am: true, starttime: `${date}T09:30:00-04:00`, endtime: null } as PlannerShooting;
    for (const dragged of [pending(true), pending(false), timed]) {
      expect(toneFor(tech([wholeDay]), [], dragged, false)).toBe('busy');
      expect(toneFor(tech([wholeDay]), [], dragged, true)).toBe('free');
    }
    // A half-day shooting: red only when an unavailability leaves no time to arrive in its window (AM 8h30-12h30).
    const morning = (start: string, end: string) => ({ id: 'u', start: `${date}T${start}:00-04:00`, end: `${date}T${end}:00-04:00`, summary: '' });
    expect(toneFor(tech([morning('08:00', '13:00')]), [], pending(true), false)).toBe('busy');
    expect(toneFor(tech([morning('08:00', '13:00')]), [], pending(false), false)).toBe('free');
    expect(toneFor(tech([morning('09:00', '11:00')]), [], pending(true), false)).toBe('free');
  });

  it("names the whole-day unavailability in the page's language, and a recorded one with its times and summary", () => {
    const textIn = (locale: typeof fr) => ((key: string, values?: Record<string, string>) => {
      const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], locale) as string;
      return text.replace(/{{(\w+)}}/g, (_, name: string) => values?.[name] ?? '');
    }) as unknown as TFunction;
    const wholeDay = { id: NO_AVAILABILITY_ID, start: '2026-05-04T04:00:00.000Z', end: '2026-05-05T04:00:00.000Z', summary: 'Aucune disponibilité inscrite pour cette journée.' };
    expect(unavailabilityText(textIn(en), wholeDay, 'en')).toBe('Unavailable all day: no availability recorded.');
    expect(unavailabilityText(textIn(fr), wholeDay, 'fr')).toBe('Indisponible toute la journée : aucune disponibilité inscrite.');
    const dentist = { id: 'u1', start: '2026-05-04T14:00:00.000Z', end: '2026-05-04T15:00:00.000Z', summary: 'Dentiste' };
    expect(unavailabilityText(textIn(fr), dentist, 'fr')).toBe('Indisponible de 10 h 00 à 11 h 00 Dentiste');
  });
});
