import * as z from '../zod.ts';
import { schema } from '#shared/schema.ts';

/**
 * A depot (part 2 §3 "Depot"): a technician's start point when their home is not known. id, the
 * address (civic number, street, city) and its position. `user_count` (how many users name it) is
 * kept on the stored item by the user writes, not part of the record (docs/decisions/0145).
 */
export const depotRecord = /* @__PURE__ */ schema(() => z.object({
  id: z.number().int().positive(),
  civic_number: z.string().default(''),
  street: z.string(),
  city: z.string(),
  lat: z.number(),
  lng: z.number(),
}));
export type DepotRecord = z.infer<typeof depotRecord>;
