import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from '#shared/zod.ts';
import { DEFAULT_LISTING_STATE_4_READINGS, LISTING_STATE_4_READINGS, type ListingState4Reading, type ListingStatePlace } from '#shared/enums.ts';
import { db, tableName } from '../plumbing/aws.ts';
import { keys } from '../plumbing/keys.ts';
import { schema } from '#shared/schema.ts';

/**
 * Which reading of listing state 4 each place shows (part 1 §3 keeps both: docs/decisions/0715),
 * stored as `SETTINGS#listing-states`; a place without one shows the spec's report.
 */
/** A field missing or mistyped by hand ('Delivered') reads as the spec's report: a setting never fails the reads that show it. */
export const listingStateReadingsSchema = /* @__PURE__ */ schema(() => z.object({
  listings: z.enum(LISTING_STATE_4_READINGS).catch(DEFAULT_LISTING_STATE_4_READINGS.listings),
  planner: z.enum(LISTING_STATE_4_READINGS).catch(DEFAULT_LISTING_STATE_4_READINGS.planner),
}));
export type ListingStateReadings = Record<ListingStatePlace, ListingState4Reading>;

export async function getListingStateReadings(): Promise<ListingStateReadings> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.settings('listing-states') }));
  return listingStateReadingsSchema.parse(Item ?? {});
}

export async function putListingStateReadings(readings: ListingStateReadings): Promise<void> {
  await db.send(new PutCommand({ TableName: tableName(), Item: { ...keys.settings('listing-states'), ...listingStateReadingsSchema.parse(readings) } }));
}
