import * as z from '../zod.ts';
import { schema } from '#shared/schema.ts';

/**
 * A head-mounted device (VR headset), part 2 §3 "HMD": id, serial_number, city, postalcode,
 * user_id (the user it is assigned to, null when unassigned) and notes. The `user` of the spec is
 * not stored: readers get the assigned user's current name (docs/decisions/0130).
 */
export const hmdRecord = /* @__PURE__ */ schema(() => z.object({
  id: z.number().int().positive(),
  serial_number: z.string(),
  city: z.string().nullable().default(null),
  postalcode: z.string().nullable().default(null),
  user_id: z.number().int().positive().nullable().default(null),
  notes: z.string().default(''),
  created_at: z.string(),
  updated_at: z.string(),
}));
export type HmdRecord = z.infer<typeof hmdRecord>;
