import * as z from '../zod.ts';
import { schema } from '#shared/schema.ts';

/** A property listing (part 1 §3 "Listing", part 3 §3). Ids are numeric, from a counter. */
export const listingRecord = /* @__PURE__ */ schema(() => z.object({
  id: z.number().int().positive(),
  address: z.string(),
  app: z.string().default(''),
  city: z.string(),
  postalcode: z.string(),
  room_count: z.number().int().min(0),
  is_house: z.boolean(),
  is_existing_listing: z.boolean().default(false),
  lat: z.number(),
  lng: z.number(),
  state: z.number().int().min(0).max(4),
  picture_url: z.string().nullable().default(null),
  mls: z.string().nullable().default(null),
  broker_id: z.number().int(),
  /** Denormalised for lists: the broker's names at the time of writing. */
  broker: z.object({ firstname: z.string(), lastname: z.string() }),
  /** The public delivery page token (≥ 128 random bits), null until generated. */
  distribution_token: z.string().nullable().default(null),
  /** Part 3 §3: the address parts the listing dialog edits (address = civic number + street). */
  civic_number: z.string().default(''),
  street: z.string().default(''),
  sold: z.boolean().default(false),
  date_sold: z.string().nullable().default(null),
  date_notarized: z.string().nullable().default(null),
  expired: z.boolean().default(false),
  /** The latest shooting's date (YYYY-MM-DD), kept by the listing storage for search (ADR 0200). */
  shootingdate: z.string().nullable().default(null),
  created_at: z.string(),
  updated_at: z.string(),
}));
export type ListingRecord = z.infer<typeof listingRecord>;
