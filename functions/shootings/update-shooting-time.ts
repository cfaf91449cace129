import { SHOOTING_MESSAGES, updateShootingTime } from '#shared/catalogue/shootings.ts';
import { halfDayStarted } from '#shared/rules/business-time.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { notFound, unprocessable } from '../plumbing/errors.ts';
import { assertPending, getShootingItem, moveShooting, shootingView, toShooting, type StoredShooting } from '../storage/shootings.ts';
import { listingsById } from '../storage/listings.ts';
import { assertWithinHorizon } from '../use-cases/availability.ts';
import { writeIntoHalfDay } from '../use-cases/half-day-write.ts';
import { candidateOf, loadWorld } from '../use-cases/planning-world.ts';
import { followListingShootingDate } from '../use-cases/booked-listing.ts';
import { refreshDayLegs } from '../use-cases/route-figures.ts';

/** Part 1 §2.6: the owner moves an unconfirmed shooting to another half-day that is still available. */
export const handler = apiHandler(updateShootingTime, async ({ shooting_id, scheduleddate, is_am }, ctx) => {
  const shooting = await getShootingItem(shooting_id);
  if (!shooting || shooting.broker_id !== ctx.user.id) throw notFound('Shooting not found.');
  assertPending(shooting);
  if (shooting.scheduleddate === scheduleddate && shooting.am === is_am) throw unprocessable(SHOOTING_MESSAGES.sameSlot);
  if (halfDayStarted(scheduleddate, is_am)) throw unprocessable(SHOOTING_MESSAGES.pastSlot);
  assertWithinHorizon(scheduleddate, 'scheduleddate');

  const listing = (await listingsById([shooting.listing_id])).get(shooting.listing_id);
  const lat = shooting.lat ?? listing?.lat;
  const lng = shooting.lng ?? listing?.lng;
  if (lat === undefined || lng === undefined) throw unprocessable('The listing of this shooting has no position.');
  const world = await loadWorld();
  const candidate = candidateOf(world, { lat, lng, roomCount: shooting.room_count, isHouse: listing?.is_house ?? true, only360: shooting.only_360 });
  const now = new Date().toISOString();
  // The assigned technician stays only if they can take the new half-day themselves; otherwise the
  // shooting goes back to unassigned, holding the capacity of whoever fits, as a booking does.
  const unassigns = (fits: number) => shooting.tech_id !== null && fits !== shooting.tech_id;
  const techId = await writeIntoHalfDay({
    world,
    date: scheduleddate,
    am: is_am,
    candidate,
    shootingId: shooting.id,
    excludeShootingId: shooting.id,
    keepTechId: shooting.tech_id,
    log: ctx.log,
    items: (fits) => moveShooting(shooting, { date: scheduleddate, am: is_am, reservedTechId: fits, now, unassign: unassigns(fits) }),
  });
  const unassigned = unassigns(techId);
  await followListingShootingDate(shooting, ctx.log, scheduleddate);
  // Its technician's routes changed: the day it left, and the day it joined when they kept it.
  if (shooting.tech_id !== null) await refreshDayLegs([shooting.scheduleddate, ...(unassigned ? [] : [scheduleddate])], ctx.log);
  ctx.log('moved', {
    shooting: shooting.id,
    from: `${shooting.scheduleddate} ${shooting.am ? 'AM' : 'PM'}`,
    to: `${scheduleddate} ${is_am ? 'AM' : 'PM'}`,
    reserved_tech_id: techId,
    ...(shooting.tech_id === null ? {} : { tech_id: shooting.tech_id, technician: unassigned ? 'unassigned' : 'kept' }),
  });
  const updated: StoredShooting = toShooting({
    ...shooting,
    scheduleddate,
    am: is_am,
    reserved_tech_id: techId,
    updated_at: now,
    version: shooting.version + 1,
    distance: null,
    transit_time: null,
    ...(unassigned ? { tech_id: null, force_assigned: false } : {}),
  });
  return { success: true as const, data: shootingView(updated, listing) };
});
