import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { unassignShootingTech } from '#shared/catalogue/planner.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { db, tableName } from '../plumbing/aws.ts';
import { notFound } from '../plumbing/errors.ts';
import { keys } from '../plumbing/keys.ts';
import { bumpHalfDay } from '../storage/half-day.ts';
import { getShootingItem } from '../storage/shootings.ts';

export const handler = apiHandler(unassignShootingTech, async ({ shooting_id }, { log }) => {
  const shooting = await getShootingItem(shooting_id);
  if (!shooting) throw notFound('Shooting not found.');
  if (shooting.tech_id === null) return { success: true };
  await db.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Update: {
            TableName: tableName(),
            Key: keys.shooting(shooting_id),
            UpdateExpression: 'REMOVE tech_id, gsi3pk, gsi3sk SET force_assigned = :false, distance = :null, transit_time = :null, updated_at = :now, version = version + :one',
            ConditionExpression: 'version = :v',
            ExpressionAttributeValues: { ':false': false, ':null': null, ':now': new Date().toISOString(), ':one': 1, ':v': shooting.version },
          },
        },
        bumpHalfDay(shooting.scheduleddate, shooting.am),
      ],
    }),
  );
  log('unassigned', { shooting_id, from: shooting.tech_id });
  return { success: true };
});
