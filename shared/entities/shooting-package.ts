import * as z from '../zod.ts';
import { CATALOGUE_SUBSCRIPTIONS, amount, count, optionalOfferIds, optionalCount, optionalText, orderIndex, requiredBoolean, requiredText, subscriptionField } from './catalogue-fields.ts';
import { schema } from '#shared/schema.ts';

/**
 * A shooting package (part 3 §3). Optional: recommendation_min and recommendation_max (0 = no
 * recommendation, a blank number being 0), excluded_items_en and excluded_items_fr,
 * included_service_offers (ids of service offers). Every other field is required.
 */
export const shootingPackageFields = /* @__PURE__ */ schema(() => z.object({
  display_name_fr: requiredText(200),
  display_name_en: requiredText(200),
  price: amount(),
  hdr_photo_count: count(),
  items_fr: requiredText(5000),
  items: requiredText(5000),
  order_index: orderIndex(),
  is_visible_to_brokers: requiredBoolean(),
  recommendation_min: optionalCount(),
  recommendation_max: optionalCount(),
  zoho_item_id: requiredText(100),
  gf_clause: requiredBoolean(),
  key_name: requiredText(100),
  subscription: subscriptionField(),
  excluded_items_en: optionalText(5000),
  excluded_items_fr: optionalText(5000),
  included_service_offers: optionalOfferIds(),
}));
export type ShootingPackageFields = z.output<typeof shootingPackageFields>;

export const shootingPackageRecord = /* @__PURE__ */ schema(() => z.object({
  id: z.number().int().positive(),
  display_name_fr: z.string(),
  display_name_en: z.string(),
  price: z.number(),
  hdr_photo_count: z.number().int(),
  items_fr: z.string(),
  items: z.string(),
  order_index: z.number().int(),
  is_visible_to_brokers: z.boolean(),
  recommendation_min: z.number().int(),
  recommendation_max: z.number().int(),
  zoho_item_id: z.string(),
  gf_clause: z.boolean(),
  key_name: z.string(),
  subscription: z.enum(CATALOGUE_SUBSCRIPTIONS),
  excluded_items_en: z.string(),
  excluded_items_fr: z.string(),
  included_service_offers: z.array(z.number().int()),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
}));
export type ShootingPackageRecord = z.infer<typeof shootingPackageRecord>;
