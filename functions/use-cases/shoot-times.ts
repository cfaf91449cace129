import type { FloorplanRoomRecord } from '#shared/entities/floorplan-room.ts';
import { shootSpan, shootTimeAgainstEstimate, type ShootTime } from '#shared/rules/service-time.ts';
import { inPool } from '../plumbing/pool.ts';
import { floorplanOfListing } from '../storage/floorplan-rooms.ts';
import type { StoredShooting } from '../storage/shootings.ts';

/**
 * Shoot time against the staff estimate (part 2 §9, docs/decisions/0525) for the cards of the
 * technician's schedule and of the shooting dashboard: the rule is shared/rules/service-time.ts,
 * the rooms come from the listings' floorplans. No catalogue module is loaded here, so the
 * shooting list's bundle stays as it was (ADR 0495).
 */

/** Listings' floorplans read at once at most (one Query each). */
const FLOORPLAN_READS = 8;

/**
 * The shoot time against the staff estimate of each shooting that has ended (part 2 §9,
 * docs/decisions/0525), by shooting id: the floorplan of each of their listings is read once.
 */
export async function shootTimes(shootings: readonly StoredShooting[]): Promise<Map<number, ShootTime>> {
  // Those with a time to measure (an end after a ping or start time): only their floorplans are read.
  const ended = shootings.filter((s) => shootSpan(s) !== undefined);
  const floorplans = new Map<number, FloorplanRoomRecord[]>();
  await inPool([...new Set(ended.map((s) => s.listing_id))], FLOORPLAN_READS, async (listingId) => {
    floorplans.set(listingId, await floorplanOfListing(listingId));
  });
  return new Map(ended.flatMap((s) => {
    const time = shootTimeAgainstEstimate(s, floorplans.get(s.listing_id) ?? []);
    return time ? [[s.id, time] as const] : [];
  }));
}
