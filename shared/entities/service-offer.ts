import * as z from '../zod.ts';
import { CATALOGUE_SUBSCRIPTIONS, amount, count, offerTypeField, optionalText, orderIndex, requiredBoolean, requiredText, subscriptionField } from './catalogue-fields.ts';
import { schema } from '#shared/schema.ts';

/**
 * A service offer (part 3 §3): every field is required except id and description_fr.
 * `type`: boolean 1, number 2. `subscription`: Base, Rabais 10, Rabais 20, Rabais 30.
 */
export const serviceOfferFields = /* @__PURE__ */ schema(() => z.object({
  key_name: requiredText(100),
  display_name: requiredText(200),
  display_name_fr: requiredText(200),
  description: requiredText(5000),
  description_fr: optionalText(5000),
  price: amount(),
  type: offerTypeField(),
  processing_time_in_minutes: count(),
  zoho_item_id: requiredText(100),
  order_index: orderIndex(),
  available: requiredBoolean(),
  is_global: requiredBoolean(),
  subscription: subscriptionField(),
  require_mls: requiredBoolean(),
}));
export type ServiceOfferFields = z.output<typeof serviceOfferFields>;

export const serviceOfferRecord = /* @__PURE__ */ schema(() => z.object({
  id: z.number().int().positive(),
  key_name: z.string(),
  display_name: z.string(),
  display_name_fr: z.string(),
  description: z.string(),
  description_fr: z.string(),
  price: z.number(),
  type: z.union([z.literal(1), z.literal(2)]),
  processing_time_in_minutes: z.number().int(),
  zoho_item_id: z.string(),
  order_index: z.number().int(),
  available: z.boolean(),
  is_global: z.boolean(),
  subscription: z.enum(CATALOGUE_SUBSCRIPTIONS),
  require_mls: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Bumped by every update; an update names the version it read (409 when stale). */
  version: z.number().int(),
}));
export type ServiceOfferRecord = z.infer<typeof serviceOfferRecord>;

/** Catalogue order: order_index, then id. */
export function byOrderIndex<T extends { order_index: number; id: number }>(a: T, b: T): number {
  return a.order_index - b.order_index || a.id - b.id;
}
