import * as z from '../zod.ts';
import { schema } from '#shared/schema.ts';

/** A geographic zone (part 2 §3): photoshoot (1) or sales (2); a closed polygon of lat/lng points. */
export const zoneRecord = /* @__PURE__ */ schema(() => z.object({
  id: z.number().int().positive(),
  zone_name: z.string(),
  type: z.union([z.literal(1), z.literal(2)]),
  coordinates: z.array(z.object({ lat: z.number(), lng: z.number() })).min(4),
  created_at: z.string(),
  updated_at: z.string(),
}));
export type ZoneRecord = z.infer<typeof zoneRecord>;
