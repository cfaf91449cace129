import { REVIEW_MESSAGES, sendShootingForRetouch } from '#shared/catalogue/review.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { badRequest, conflict, notFound } from '../plumbing/errors.ts';
import { picturesOfShooting } from '../storage/pictures.ts';
import { getShootingItem, sendForRetouch } from '../storage/shootings.ts';

/** Sends the shooting for retouch (state 3); at least one of its pictures must be marked false (§5). */
export const handler = apiHandler(sendShootingForRetouch, async ({ shooting_id }, { log }) => {
  const shooting = await getShootingItem(shooting_id);
  if (!shooting) throw notFound(REVIEW_MESSAGES.noShooting);
  const pictures = await picturesOfShooting(shooting.listing_id, shooting.id);
  if (!pictures.some((p) => p.is_validated === false)) throw badRequest(REVIEW_MESSAGES.retouchNeedsPicture, { shooting_id: [REVIEW_MESSAGES.retouchNeedsPicture] });
  try {
    await sendForRetouch(shooting);
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') throw conflict(REVIEW_MESSAGES.changedMeanwhile);
    throw error;
  }
  log('sent for retouch', { shooting_id, pictures: pictures.filter((p) => p.is_validated === false).length });
  return { status: 200 as const };
});
