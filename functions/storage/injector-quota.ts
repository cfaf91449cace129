import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from '#shared/zod.ts';
import { DEFAULT_DAILY_QUOTA_BYTES, INJECTOR_MESSAGES } from '#shared/catalogue/rij.ts';
import { db, tableName } from '../plumbing/aws.ts';
import { unprocessable, type HttpError } from '../plumbing/errors.ts';
import { keys } from '../plumbing/keys.ts';
import type { TransactItem } from '../plumbing/transact.ts';
import { schema } from '#shared/schema.ts';

/**
 * The injector's daily quota: every upload declares its size before it gets a URL, and the
 * declared bytes are added to the sender's counter for the upload's day in one conditional
 * update, so concurrent requests cannot overshoot it. The limit is a stored setting
 * (`SETTINGS#injector`), DEFAULT_DAILY_QUOTA_BYTES when none is stored. See ADR 0096.
 */
export const injectorSettingsSchema = /* @__PURE__ */ schema(() => z.object({
  dailyQuotaBytes: z.number().int().positive().default(DEFAULT_DAILY_QUOTA_BYTES),
}));
export type InjectorSettings = z.infer<typeof injectorSettingsSchema>;

export async function getInjectorSettings(): Promise<InjectorSettings> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.settings('injector') }));
  return injectorSettingsSchema.parse(Item ?? {});
}

/** Counts `bytes` toward the user's quota of `date`, or answers 422 when they would exceed it. */
export async function reserveDailyQuota(userId: number, date: string, bytes: number): Promise<void> {
  const reservation = await quotaReservation(userId, date, bytes);
  try {
    await db.send(new UpdateCommand(reservation.piece.Update!));
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') throw reservation.refusal;
    throw error;
  }
}

/**
 * The reservation as a transaction piece, with the 422 to answer when its condition fails: a
 * multipart upload reserves in the same transaction as its records, so a failure counts nothing.
 */
export async function quotaReservation(userId: number, date: string, bytes: number): Promise<{ piece: TransactItem; refusal: HttpError }> {
  const { dailyQuotaBytes } = await getInjectorSettings();
  const refusal = unprocessable(INJECTOR_MESSAGES.quotaReached, { dailyQuotaBytes });
  if (bytes > dailyQuotaBytes) throw refusal;
  return {
    refusal,
    piece: {
      Update: {
        TableName: tableName(),
        Key: keys.rijQuota(userId, date),
        UpdateExpression: 'ADD bytes :bytes SET #ttl = if_not_exists(#ttl, :ttl)',
        ConditionExpression: 'attribute_not_exists(bytes) OR bytes <= :room',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':bytes': bytes, ':room': dailyQuotaBytes - bytes, ':ttl': quotaTtl(date) },
      },
    },
  };
}

/** Gives back the bytes of an upload cancelled before it stored anything for good: a piece of the transaction that forgets the upload. */
export function quotaRelease(userId: number, date: string, bytes: number): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.rijQuota(userId, date),
      UpdateExpression: 'ADD bytes :minus SET #ttl = if_not_exists(#ttl, :ttl)',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      ExpressionAttributeValues: { ':minus': -bytes, ':ttl': quotaTtl(date) },
    },
  };
}

/** A day's counter is kept two days past the day. */
const quotaTtl = (date: string) => Math.ceil(Date.parse(`${date}T00:00:00Z`) / 1000) + 2 * 86_400;
