import { REVIEW_MESSAGES, sendShootingForRetouch } from '#shared/catalogue/review.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { badRequest, conflict, notFound, unprocessable } from '../plumbing/errors.ts';
import { transact } from '../plumbing/transact.ts';
import { picturesOfShooting, reviewEntryKept } from '../storage/pictures.ts';
import { getShootingItem, isActive, retouchPiece } from '../storage/shootings.ts';

/**
 * Sends the shooting for retouch (state 3); at least one of its pictures must be marked false (§5).
 * A cancelled or abandoned shooting is never sent back (422): it will not be shot or retouched.
 * The listing's queue entry is kept in the same transaction: after the media e-mail it would
 * otherwise expire while the retouch is under way.
 */
export const handler = apiHandler(sendShootingForRetouch, async ({ shooting_id }, { log }) => {
  const shooting = await getShootingItem(shooting_id);
  if (!shooting) throw notFound(REVIEW_MESSAGES.noShooting);
  if (!isActive(shooting)) throw unprocessable(REVIEW_MESSAGES.retouchInactive);
  const pictures = await picturesOfShooting(shooting.listing_id, shooting.id);
  if (!pictures.some((p) => p.is_validated === false)) throw badRequest(REVIEW_MESSAGES.retouchNeedsPicture, { shooting_id: [REVIEW_MESSAGES.retouchNeedsPicture] });
  try {
    await transact([retouchPiece(shooting), reviewEntryKept(shooting.listing_id, shooting.id)]);
  } catch (error) {
    if ((error as Error).name === 'TransactionCanceledException') throw conflict(REVIEW_MESSAGES.changedMeanwhile);
    throw error;
  }
  log('sent for retouch', { shooting_id, pictures: pictures.filter((p) => p.is_validated === false).length });
  return { status: 200 as const };
});
