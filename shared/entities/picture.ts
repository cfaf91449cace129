import * as z from '../zod.ts';
import { schema } from '#shared/schema.ts';

/**
 * A picture of a listing (part 1 §3 "Picture (delivery)", part 3 §3). Object keys point into the
 * media bucket; URLs are built when answering (presigned or CDN), never stored.
 */
export const pictureRecord = /* @__PURE__ */ schema(() => z.object({
  id: z.number().int().positive(),
  listing_id: z.number().int().positive(),
  shooting_id: z.number().int().positive(),
  picture_index: z.number().int().nonnegative(),
  original_key: z.string(),
  thumbnail_key: z.string().nullable(),
  distrib_key: z.string().nullable().default(null),
  public: z.boolean().default(true),
  is_validated: z.boolean().nullable().default(null),
  feedback_ticket_id: z.number().int().nullable().default(null),
  /** Review (part 3 §3–§5, docs/decisions/0210): bought by the broker (visibility and watermark locked). */
  is_purchased: z.boolean().default(false),
  /** In the slideshow / automated videos. */
  included_in_video: z.boolean().default(false),
  show_watermark: z.boolean().default(false),
  /** The picture's type as a service-offer id (part 3 §3 Picture.service_offer_id; ADR 0276). */
  service_offer_id: z.number().int().positive().nullable().default(null),
  /** The watermarked rendition (sharp), made when the watermark is turned on. */
  watermarked_key: z.string().nullable().default(null),
  /** The listing-wide display order set on the review screen; null: the stored order (shooting, index). */
  order_index: z.number().int().nonnegative().nullable().default(null),
  /** Staff comments on the picture: tickets (part 3 §7 'post comment'). */
  comment_ticket_ids: z.array(z.number().int().positive()).default([]),
  created_at: z.string(),
}));
export type PictureRecord = z.infer<typeof pictureRecord>;
