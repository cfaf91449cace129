import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { OUTDOOR_ROOMS, estimateServiceHours, estimateServiceTime, estimateStaffServiceTime, isOutdoorRoom, roomsShotAfter, shootTimeAgainstEstimate } from './service-time.ts';

describe('broker service-time estimate (part 1 section 9)', () => {
  it('house: n = rooms + 1; 6.5n+24, or 4n+14 when 360 only', () => {
    expect(estimateServiceTime({ roomCount: 4, isHouse: true, only360: false })).toEqual({ minutes: 6.5 * 5 + 24, seconds: (6.5 * 5 + 24) * 60 });
    expect(estimateServiceTime({ roomCount: 4, isHouse: true, only360: true }).minutes).toBe(4 * 5 + 14);
  });
  it('other: n = rooms + 2; 6.5n+11, or 4n+7 when 360 only', () => {
    expect(estimateServiceTime({ roomCount: 4, isHouse: false, only360: false }).minutes).toBe(6.5 * 6 + 11);
    expect(estimateServiceTime({ roomCount: 4, isHouse: false, only360: true }).minutes).toBe(4 * 6 + 7);
  });
  it('hours rounded for display', () => {
    expect(estimateServiceHours({ roomCount: 4, isHouse: true, only360: false })).toBe(1); // 56.5 min
    expect(estimateServiceHours({ roomCount: 10, isHouse: true, only360: false })).toBe(1.5); // 95.5 min
  });
  it('grows with the room count', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60 }), fc.boolean(), fc.boolean(), (r, isHouse, only360) => {
        expect(estimateServiceTime({ roomCount: r + 1, isHouse, only360 }).minutes).toBeGreaterThan(estimateServiceTime({ roomCount: r, isHouse, only360 }).minutes);
      }),
    );
  });
});

describe('staff 2D+3D estimate (part 2 section 9), both options', () => {
  it('rooms+1 option', () => {
    expect(estimateStaffServiceTime(4, true, 'rooms+1').minutes).toBe(5 * 4.5 + 20);
    expect(estimateStaffServiceTime(4, false, 'rooms+1').minutes).toBe(5 * 5.25 + 25);
  });
  it('rooms+2 option', () => {
    expect(estimateStaffServiceTime(4, true, 'rooms+2').minutes).toBe(6 * 4.5 + 15);
    expect(estimateStaffServiceTime(4, false, 'rooms+2').minutes).toBe(6 * 5.25 + 15);
  });
});

describe('shoot time against the staff estimate (part 2 section 9, ADR 0525)', () => {
  const at = (hhmm: string) => `2026-05-04T${hhmm}:00-04:00`;
  const start = Date.parse(at('09:00'));
  const room = (roomname: string, hhmm: string) => ({ roomname, created_at: at(hhmm) });

  it('leaves the outdoor rooms out, whatever their case and accents', () => {
    for (const name of OUTDOOR_ROOMS) expect(isOutdoorRoom(name)).toBe(true);
    expect(['FAÇADE', ' cour arriere ', 'Terrassé', 'balcon'].every(isOutdoorRoom)).toBe(true);
    expect(['Cuisine', 'Salon', 'Pool house', 'Balcony room'].some(isOutdoorRoom)).toBe(false);
  });

  it('counts the rooms created after the start and at most 2 hours after it', () => {
    const rooms = [room('Before', '08:59'), room('At the start', '09:00'), room('Kitchen', '09:01'), room('Salon', '10:59'), room('Bedroom', '11:00'), room('Late', '11:01')];
    expect(roomsShotAfter(rooms, start)).toBe(3);
    expect(roomsShotAfter([room('Kitchen', '09:30'), room('Patio', '09:40'), room('Cour arrière', '09:50')], start)).toBe(1);
  });

  it("measures from the ping time, else the start time, against 'rooms+1' with the 360-only flag", () => {
    const rooms = [room('Cuisine', '09:10'), room('Salon', '09:20'), room('Chambre', '09:30'), room('Terrasse', '09:35')];
    // 3 indoor rooms: (3+1)×5.25+25 = 46 min; 09:00 to 09:55 is 55 min, 19.6 % over.
    const ended = { ping_time: null, starttime: at('09:00'), endtime: at('09:55'), only_360: false, room_count: 8 };
    expect(shootTimeAgainstEstimate(ended, rooms)).toEqual({ shoot_s: 55 * 60, estimate_s: 46 * 60, rooms: 3, rooms_from: 'floorplan', percent: 20 });
    // 360 only: (3+1)×4.5+20 = 38 min; 55 min is 44.7 % over.
    expect(shootTimeAgainstEstimate({ ...ended, only_360: true }, rooms)!.percent).toBe(45);
    // From the ping at 09:05 (the rooms then count from 09:05): 50 min for 46, 8.7 % over.
    expect(shootTimeAgainstEstimate({ ...ended, ping_time: at('09:05') }, rooms)).toMatchObject({ shoot_s: 50 * 60, rooms: 3, percent: 9 });
    // Under: 09:00 to 09:37 is 37 min for 46, 19.6 % under.
    expect(shootTimeAgainstEstimate({ ...ended, endtime: at('09:37') }, rooms)!.percent).toBe(-20);
  });

  it('falls back on the booked room count when no room falls in the window, and waits for the end', () => {
    const ended = { ping_time: null, starttime: at('09:00'), endtime: at('10:00'), only_360: false, room_count: 7 };
    // (7+1)×5.25+25 = 67 min; 60 min is 10.4 % under.
    expect(shootTimeAgainstEstimate(ended, [room('Kitchen', '11:30'), room('Pool', '09:30')])).toEqual({ shoot_s: 3600, estimate_s: 67 * 60, rooms: 7, rooms_from: 'room_count', percent: -10 });
    expect(shootTimeAgainstEstimate({ ...ended, endtime: null }, [])).toBeUndefined();
    expect(shootTimeAgainstEstimate({ ...ended, starttime: null }, [])).toBeUndefined();
    expect(shootTimeAgainstEstimate({ ...ended, endtime: at('08:00') }, [])).toBeUndefined();
  });

  it('is over the estimate exactly when the shoot took longer', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400 }), fc.integer({ min: 0, max: 30 }), fc.boolean(), (minutes, rooms, only360) => {
        const t = shootTimeAgainstEstimate({ ping_time: null, starttime: at('09:00'), endtime: new Date(start + minutes * 60_000).toISOString(), only_360: only360, room_count: rooms }, [])!;
        expect(t.estimate_s).toBe(estimateStaffServiceTime(rooms, only360, 'rooms+1').seconds);
        if (t.shoot_s > t.estimate_s * 1.01) expect(t.percent).toBeGreaterThan(0);
        if (t.shoot_s < t.estimate_s * 0.99) expect(t.percent).toBeLessThan(0);
      }),
    );
  });
});
