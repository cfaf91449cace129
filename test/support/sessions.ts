import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#functions/plumbing/aws.ts';
import { keys } from '#functions/plumbing/keys.ts';
import { findUserByEmail } from '#functions/storage/users.ts';

/** Makes every session of a user expired server-side (as if 15 days had passed). */
export async function expireSessionsOf(email: string): Promise<void> {
  const user = await findUserByEmail(email);
  if (!user) throw new Error(`no user ${email}`);
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.sessionsOfUser(user.id) },
    }),
  );
  const past = new Date(Date.now() - 1000).toISOString();
  for (const item of Items) {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: item.pk, sk: item.sk },
        UpdateExpression: 'SET expires_at = :past',
        ExpressionAttributeValues: { ':past': past },
      }),
    );
  }
}
