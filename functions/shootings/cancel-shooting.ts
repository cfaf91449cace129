import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { CANCELLATION_REASON_MIN_LENGTH, SHOOTING_MESSAGES, cancelShooting } from '#shared/catalogue/shootings.ts';
import { ShootingState } from '#shared/enums.ts';
import { isAdminLevel } from '#shared/roles.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { db, tableName } from '../plumbing/aws.ts';
import { badRequest, notFound } from '../plumbing/errors.ts';
import { keys } from '../plumbing/keys.ts';
import { assertPending, getShootingItem } from '../storage/shootings.ts';

/**
 * Part 1 §2.7 and §9: a broker cancels their own unconfirmed shooting; admin levels cancel
 * anyone's with a reason of at least 5 characters. A confirmed shooting answers 409.
 */
export const handler = apiHandler(cancelShooting, async ({ shooting_id, cancellation_reason }, ctx) => {
  const staff = isAdminLevel(ctx.user.role);
  if (staff && cancellation_reason.length < CANCELLATION_REASON_MIN_LENGTH) {
    throw badRequest(SHOOTING_MESSAGES.reasonTooShort, { cancellation_reason: [SHOOTING_MESSAGES.reasonTooShort] });
  }
  const shooting = await getShootingItem(shooting_id);
  if (!shooting || (!staff && shooting.broker_id !== ctx.user.id)) throw notFound('Shooting not found.');
  assertPending(shooting);
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.shooting(shooting.id),
      UpdateExpression: 'SET #state = :canceled, cancellation_reason = :reason, canceled_by = :by, updated_at = :now, version = version + :one',
      ConditionExpression: 'version = :v AND is_confirmed = :false AND #state = :unconfirmed',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: {
        ':canceled': ShootingState.canceled,
        ':reason': cancellation_reason || null,
        ':by': ctx.user.id,
        ':now': new Date().toISOString(),
        ':one': 1,
        ':v': shooting.version,
        ':false': false,
        ':unconfirmed': ShootingState.unconfirmed,
      },
    }),
  );
  ctx.log('cancelled', { shooting: shooting.id, by: ctx.user.id, staff });
  return { status: 200 as const, message: 'The shooting was cancelled with success.' };
});
