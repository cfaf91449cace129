import * as z from '../zod.ts';

/**
 * A picture of a listing (part 1 §3 "Picture (delivery)", part 3 §3). Object keys point into the
 * media bucket; URLs are built when answering (presigned or CDN), never stored.
 */
export const pictureRecord = z.object({
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
  created_at: z.string(),
});
export type PictureRecord = z.infer<typeof pictureRecord>;
