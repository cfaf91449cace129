import { plainRoomName } from './room-names.ts';

/**
 * Service-time estimates.
 * - Broker estimate, part 1 section 9: n = rooms + 1 for a house, rooms + 2 otherwise.
 *   House: 4n+14 minutes if 360 only, else 6.5n+24. Non-house: 4n+7 if 360 only, else 6.5n+11.
 *   Shown to the broker in hours, rounded.
 * - Staff 2D+3D estimate, part 2 section 9, two options kept (which screen uses which is
 *   not shown): 'rooms+1' = (r+1)×4.5+20 when the flag is set, else (r+1)×5.25+25;
 *   'rooms+2' = (r+2)×4.5+15 when the flag is set, else (r+2)×5.25+15.
 * - Shoot time against the staff estimate, part 2 section 9 (docs/decisions/0525): the rooms
 *   counted from the floorplan (indoor, created in the 2 hours after the start) and the percentage.
 */
export interface ServiceTimeInput {
  roomCount: number;
  isHouse: boolean;
  only360: boolean;
}

export interface Duration {
  minutes: number;
  seconds: number;
}

function duration(minutes: number): Duration {
  return { minutes, seconds: Math.round(minutes * 60) };
}

/** The broker-facing estimate of part 1 section 9. */
export function estimateServiceTime({ roomCount, isHouse, only360 }: ServiceTimeInput): Duration {
  const rooms = Math.max(0, Math.floor(roomCount));
  const n = rooms + (isHouse ? 1 : 2);
  const minutes = isHouse ? (only360 ? 4 * n + 14 : 6.5 * n + 24) : only360 ? 4 * n + 7 : 6.5 * n + 11;
  return duration(minutes);
}

/** The estimate in hours, rounded (to the nearest half hour by default) for display. */
export function estimateServiceHours(input: ServiceTimeInput, step = 0.5): number {
  const hours = estimateServiceTime(input).minutes / 60;
  return Math.max(step, Math.round(hours / step) * step);
}

export type StaffEstimateOption = 'rooms+1' | 'rooms+2';

/** The staff 2D+3D estimate of part 2 section 9; `flag` is the shooting's flag (e.g. 360 only). */
export function estimateStaffServiceTime(roomCount: number, flag: boolean, option: StaffEstimateOption): Duration {
  const r = Math.max(0, Math.floor(roomCount));
  if (option === 'rooms+1') return duration(flag ? (r + 1) * 4.5 + 20 : (r + 1) * 5.25 + 25);
  return duration(flag ? (r + 2) * 4.5 + 15 : (r + 2) * 5.25 + 15);
}

/** Part 2 §9: the outdoor rooms left out of the rooms a shoot time is measured against. */
export const OUTDOOR_ROOMS = ['Facade', 'Pool', 'Patio', 'Veranda', 'Terrace', 'Balcony', 'Backyard', 'Piscine', 'Terrasse', 'Balcon', 'Cour arrière'] as const;

/** Part 2 §9: a room counts when created after the shooting's start and within this long of it. */
export const ROOM_WINDOW_MS = 2 * 60 * 60 * 1000;

const OUTDOOR = new Set(OUTDOOR_ROOMS.map(plainRoomName));

/** Whether a floorplan room is one of the outdoor rooms of part 2 §9 ('cour arriere', 'FAÇADE'…). */
export const isOutdoorRoom = (roomname: string): boolean => OUTDOOR.has(plainRoomName(roomname));

export interface RoomCreated {
  roomname: string;
  created_at: string;
}

/** The indoor rooms created after `startMs` and at most 2 hours after it (part 2 §9). */
export function roomsShotAfter(rooms: readonly RoomCreated[], startMs: number): number {
  return rooms.filter((room) => {
    const at = Date.parse(room.created_at);
    return at > startMs && at <= startMs + ROOM_WINDOW_MS && !isOutdoorRoom(room.roomname);
  }).length;
}

export interface ShootTimeInput {
  ping_time: string | null;
  starttime: string | null;
  endtime: string | null;
  /** The staff estimate's flag (docs/decisions/0525). */
  only_360: boolean;
  /** The booked room count: the rooms when the floorplan has none in the window. */
  room_count: number;
}

/** An ended shooting's shoot time against the staff estimate; `percent` > 0 over it, < 0 under it. */
export interface ShootTime {
  shoot_s: number;
  estimate_s: number;
  rooms: number;
  rooms_from: 'floorplan' | 'room_count';
  percent: number;
}

/** An ended shooting's measured span: its ping time (else start time) to its end time; undefined before it has ended. */
export function shootSpan(s: Pick<ShootTimeInput, 'ping_time' | 'starttime' | 'endtime'>): { startMs: number; endMs: number } | undefined {
  const start = s.ping_time ?? s.starttime;
  if (!start || !s.endtime) return undefined;
  const startMs = Date.parse(start);
  const endMs = Date.parse(s.endtime);
  return Number.isFinite(startMs) && Number.isFinite(endMs) && endMs >= startMs ? { startMs, endMs } : undefined;
}

/**
 * Part 2 §9, docs/decisions/0525: an ended shooting's shoot time, from its ping time (else start
 * time) to its end time, against the staff estimate 'rooms+1' with the shooting's 360-only flag, for
 * the floorplan's indoor rooms created in the 2 hours after the start (else the booked room count);
 * the difference in whole percent of the estimate. Undefined before the shooting has ended.
 */
export function shootTimeAgainstEstimate(s: ShootTimeInput, rooms: readonly RoomCreated[]): ShootTime | undefined {
  const span = shootSpan(s);
  if (!span) return undefined;
  const { startMs, endMs } = span;
  const shot = roomsShotAfter(rooms, startMs);
  const count = shot > 0 ? shot : Math.max(0, Math.floor(s.room_count));
  const shoot_s = Math.round((endMs - startMs) / 1000);
  const estimate_s = estimateStaffServiceTime(count, s.only_360, 'rooms+1').seconds;
  // `|| 0`: a difference rounding to nothing is 0, never -0.
  const percent = Math.round(((shoot_s - estimate_s) / estimate_s) * 100) || 0;
  return { shoot_s, estimate_s, rooms: count, rooms_from: shot > 0 ? 'floorplan' : 'room_count', percent };
}
