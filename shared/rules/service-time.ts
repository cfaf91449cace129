/**
 * Service-time estimates.
 * - Broker estimate, part 1 section 9: n = rooms + 1 for a house, rooms + 2 otherwise.
 *   House: 4n+14 minutes if 360 only, else 6.5n+24. Non-house: 4n+7 if 360 only, else 6.5n+11.
 *   Shown to the broker in hours, rounded.
 * - Staff 2D+3D estimate, part 2 section 9, two options kept (which screen uses which is
 *   not shown): 'rooms+1' = (r+1)×4.5+20 when the flag is set, else (r+1)×5.25+25;
 *   'rooms+2' = (r+2)×4.5+15 when the flag is set, else (r+2)×5.25+15.
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
