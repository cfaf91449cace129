import { CANCELLATION_REASON_MIN_LENGTH, SHOOTING_MESSAGES, cancelShooting as operation } from '#shared/catalogue/shootings.ts';
import { isAdminLevel } from '#shared/roles.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { badRequest, notFound } from '../plumbing/errors.ts';
import { assertPending, cancelShooting, getShootingItem } from '../storage/shootings.ts';
import { followListingShootingDate } from '../use-cases/booked-listing.ts';
import { refreshDayLegs } from '../use-cases/route-figures.ts';

/**
 * Part 1 §2.7 and §9: a broker cancels their own unconfirmed shooting; admin levels cancel
 * anyone's with a reason of at least 5 characters. A confirmed shooting answers 409. An assigned
 * one leaves its technician's route, whose legs are stored again (data-model sh-4).
 */
export const handler = apiHandler(operation, async ({ shooting_id, cancellation_reason }, ctx) => {
  const staff = isAdminLevel(ctx.user.role);
  if (staff && cancellation_reason.length < CANCELLATION_REASON_MIN_LENGTH) {
    throw badRequest(SHOOTING_MESSAGES.reasonTooShort, { cancellation_reason: [SHOOTING_MESSAGES.reasonTooShort] });
  }
  const shooting = await getShootingItem(shooting_id);
  if (!shooting || (!staff && shooting.broker_id !== ctx.user.id)) throw notFound('Shooting not found.');
  assertPending(shooting);
  await cancelShooting(shooting, cancellation_reason || null, ctx.user.id);
  await followListingShootingDate(shooting, ctx.log);
  if (shooting.tech_id !== null) await refreshDayLegs([shooting.scheduleddate], ctx.log);
  ctx.log('cancelled', { shooting: shooting.id, by: ctx.user.id, staff });
  return { status: 200 as const, message: 'The shooting was cancelled with success.' };
});
