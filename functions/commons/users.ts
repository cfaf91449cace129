import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { userRecord, type NewUser, type UserRecord } from '#shared/entities/user.ts';
import { db, tableName } from './aws.ts';
import { keys, normalizeEmail } from './keys.ts';
import { conflict } from './errors.ts';

/** A stored user: the record plus its password hash and optimistic-lock version. */
export interface StoredUser extends UserRecord {
  password_hash: string;
  version: number;
}

export async function getUser(id: number): Promise<StoredUser | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.user(id) }));
  return Item ? toStoredUser(Item) : undefined;
}

export async function findUserByEmail(email: string): Promise<StoredUser | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.userEmail(email) }));
  return Item ? getUser(Item.user_id as number) : undefined;
}

/** Allocates the next number of a named counter atomically (numeric ids, ARCHITECTURE §4). */
export async function nextId(counter: string, floor = 0): Promise<number> {
  const { Attributes } = await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.counter(counter),
      UpdateExpression: 'SET #v = if_not_exists(#v, :floor) + :one',
      ExpressionAttributeNames: { '#v': 'value' },
      ExpressionAttributeValues: { ':one': 1, ':floor': floor },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Attributes!.value as number;
}

/** Creates a user and its unique e-mail guard together; 409 when the e-mail is taken. */
export async function insertUser(user: NewUser & { password_hash: string }): Promise<StoredUser> {
  const record = { ...userRecord.parse(user), email: normalizeEmail(user.email) };
  const item = { ...keys.user(record.id), ...keys.userByRole(record.role, record.lastname, record.id), ...record, password_hash: user.password_hash, version: 1 };
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: tableName(), Item: { ...keys.userEmail(record.email), user_id: record.id }, ConditionExpression: 'attribute_not_exists(pk)' } },
          { Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
        ],
      }),
    );
  } catch (error) {
    if ((error as Error).name === 'TransactionCanceledException') throw conflict("L'usager existe déjà.");
    throw error;
  }
  return toStoredUser(item);
}

/** Replaces the password hash if the user's version is still the one read. */
export async function setPasswordHash(user: StoredUser, passwordHash: string): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.user(user.id),
      UpdateExpression: 'SET password_hash = :h, updated_at = :now, version = version + :one',
      ConditionExpression: 'version = :v',
      ExpressionAttributeValues: { ':h': passwordHash, ':now': new Date().toISOString(), ':one': 1, ':v': user.version },
    }),
  );
}

function toStoredUser(item: Record<string, unknown>): StoredUser {
  return { ...userRecord.parse(item), password_hash: String(item.password_hash ?? ''), version: Number(item.version ?? 1) };
}

export function publicUser(user: UserRecord): UserRecord {
  return userRecord.parse(user);
}
