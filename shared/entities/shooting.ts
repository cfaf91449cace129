import * as z from '../zod.ts';
import { schema } from '#shared/schema.ts';

/**
 * A shooting (part 1 §3 broker view, part 2 §3). `scheduleddate` is the day (YYYY-MM-DD, Quebec
 * local); `am` is the half-day while unconfirmed; `starttime`/`endtime` (ISO) once confirmed/done.
 */
export const shootingRecord = /* @__PURE__ */ schema(() => z.object({
  id: z.number().int().positive(),
  listing_id: z.number().int().positive(),
  broker_id: z.number().int().positive(),
  scheduleddate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  am: z.boolean(),
  is_confirmed: z.boolean(),
  state: z.number().int().min(0).max(14),
  starttime: z.string().nullable().default(null),
  endtime: z.string().nullable().default(null),
  ping_time: z.string().nullable().default(null),
  /** Seconds, from the service-time estimate (shared/rules/service-time.ts). */
  estimated_duration: z.number().int().nonnegative(),
  only_360: z.boolean().default(false),
  note: z.string().default(''),
  room_count: z.number().int().min(0),
  tech_id: z.number().int().nullable().default(null),
  pp_tech_id: z.number().int().nullable().default(null),
  force_assigned: z.boolean().default(false),
  seasonal: z.boolean().default(false),
  blue_hour: z.boolean().default(false),
  service_offers: z.array(z.number().int()).default([]),
  shooting_package_id: z.number().int().nullable().default(null),
  /** km and seconds of travel to reach it, set by the planner's route figures. */
  distance: z.number().nullable().default(null),
  transit_time: z.number().nullable().default(null),
  cancellation_reason: z.string().nullable().default(null),
  is_public_for_broker: z.boolean().default(false),
  /** Shooting administration (part 2 §7, part 3 §4; docs/decisions/0180): set only by its version-checked mutations. */
  billable: z.boolean().default(false),
  all_services_delivered: z.boolean().default(false),
  saisie_source_completed: z.boolean().default(false),
  sd_card: z.string().nullable().default(null),
  invoice_id: z.string().nullable().default(null),
  tech_note: z.string().default(''),
  post_prod_notes: z.string().default(''),
  general_notes: z.string().default(''),
  created_at: z.string(),
  updated_at: z.string(),
}));
export type ShootingRecord = z.infer<typeof shootingRecord>;
