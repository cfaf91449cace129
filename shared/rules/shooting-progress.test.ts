import { describe, expect, it } from 'vitest';
import { ShootingState } from '../enums.ts';
import { DEFAULT_SHOOTING_MS, cardProgressOf, elapsedColour, elapsedDays, isCompletedForPlanner, isCompletedForReport, shootingInterval, shootingsOverlap } from './shooting-progress.ts';

const at = (hhmm: string) => `2026-05-04T${hhmm}:00-04:00`;

describe('shooting progress (part 2 §4, §9)', () => {
  it('reads completion two ways: the planner (1, 3, 4, 5, 9) and the report card (not 0)', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].filter(isCompletedForPlanner)).toEqual([1, 3, 4, 5, 9]);
    expect(isCompletedForReport(0)).toBe(false);
    expect(isCompletedForReport(ShootingState.confirmed)).toBe(true);
  });

  it('gives a shooting without an end one hour, and finds overlaps between timed shootings only', () => {
    const nine = { starttime: at('09:00'), endtime: null };
    expect(shootingInterval(nine)!.end - shootingInterval(nine)!.start).toBe(DEFAULT_SHOOTING_MS);
    expect(shootingsOverlap(nine, { starttime: at('09:45'), endtime: at('10:30') })).toBe(true);
    expect(shootingsOverlap(nine, { starttime: at('10:00'), endtime: null })).toBe(false);
    expect(shootingsOverlap(nine, { starttime: null, endtime: null })).toBe(false);
  });

  it("says 'in progress' when started and not ended, 'planned' before, and a shooting whose end has passed is not 'planned' again", () => {
    const s = { starttime: at('09:00'), endtime: at('10:00'), ping_time: null, state: ShootingState.confirmed };
    expect(cardProgressOf(s, Date.parse(at('08:00')))).toBe('planned');
    expect(cardProgressOf(s, Date.parse(at('09:30')))).toBe('in_progress');
    expect(cardProgressOf(s, Date.parse(at('10:30')))).toBe('completed');
    expect(cardProgressOf({ ...s, state: ShootingState.completed }, Date.parse(at('09:30')))).toBe('completed');
    expect(cardProgressOf({ starttime: null, endtime: null, ping_time: at('08:55'), state: ShootingState.confirmed }, Date.parse(at('09:30')))).toBe('in_progress');
  });

  it("gives the schedule's and dashboard's cards the planner's reading, then the times", () => {
    const now = Date.parse(at('09:30'));
    const booked = { state: ShootingState.unconfirmed, ping_time: null, starttime: null, endtime: null };
    for (const state of [ShootingState.created, ShootingState.unconfirmed, ShootingState.confirmed]) expect(cardProgressOf({ ...booked, state }, now)).toBe('planned');
    expect(cardProgressOf({ ...booked, state: ShootingState.inprogress }, now)).toBe('in_progress');
    // A confirmed shooting's planned start: started once it has passed.
    expect(cardProgressOf({ ...booked, state: ShootingState.confirmed, starttime: at('10:00') }, now)).toBe('planned');
    expect(cardProgressOf({ ...booked, state: ShootingState.confirmed, starttime: at('09:00') }, now)).toBe('in_progress');
    // Without an end time it ends an hour after its start (part 2 §9), not never.
    expect(cardProgressOf({ ...booked, state: ShootingState.confirmed, starttime: at('08:30') }, now)).toBe('completed');
    expect(cardProgressOf({ ...booked, state: ShootingState.confirmed, starttime: at('08:31') }, now)).toBe('in_progress');
    expect(cardProgressOf({ ...booked, ping_time: at('09:25') }, now)).toBe('in_progress');
    expect(cardProgressOf({ ...booked, ping_time: at('08:55'), starttime: at('09:00'), endtime: at('09:20') }, now)).toBe('completed');
    expect(cardProgressOf({ ...booked, ping_time: at('08:55'), starttime: at('09:00'), endtime: at('10:00') }, now)).toBe('in_progress');
    for (const state of [ShootingState.captured, ShootingState.retouch, ShootingState.processed, ShootingState.uploaded, ShootingState.completed]) expect(cardProgressOf({ ...booked, state }, now)).toBe('completed');
  });

  it('colours elapsed days: up to 2 green, 3-4 orange, 5 or more red', () => {
    expect([0, 2, 3, 4, 5, 9].map(elapsedColour)).toEqual(['green', 'green', 'orange', 'orange', 'red', 'red']);
    expect(elapsedDays('2026-05-01', '2026-05-04')).toBe(3);
  });
});
