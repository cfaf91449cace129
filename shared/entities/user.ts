import * as z from '../zod.ts';
import { schema } from '#shared/schema.ts';

/** The most users read per role (the user list, the broker and headset pickers: one projected index Query each). */
export const USERS_PER_ROLE_MAX = 20_000;

/** The user of part 2 section 3 "User (admin form)", as stored and as answered (never the hash). */
export const userRecord = /* @__PURE__ */ schema(() => z.object({
  id: z.number().int().positive(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  phone_number: z.string().nullable().default(null),
  role: z.number().int().min(1).max(12),
  gf_clause: z.boolean().default(false),
  /** A broker's subscription (part 3 §3 Broker.subscription_id; ids in shared/enums.ts `Subscription`); decides the picture types (ADR 0276). */
  subscription_id: z.number().int().positive().nullable().default(null),
  enable_threesixty_video: z.boolean().default(false),
  suspended: z.boolean().default(false),
  freelance: z.boolean().default(false),
  notification_email: z.array(z.string()).default([]),
  notification_phone_number: z.array(z.string()).default([]),
  broker_code: z.string().nullable().default(null),
  note_about_broker: z.string().nullable().default(null),
  team_id: z.number().int().nullable().default(null),
  franchise_id: z.number().int().nullable().default(null),
  pixel_id: z.string().nullable().default(null),
  broker_facebook_business_page: z.object({ page_id: z.string(), page_name: z.string() }).nullable().default(null),
  depot_id: z.number().int().nullable().default(null),
  /** Main zone. */
  zone_id: z.number().int().nullable().default(null),
  backupZones: z.array(z.number().int()).default([]),
  service_offers: z.array(z.number().int()).default([]),
  shooting_packages: z.array(z.number().int()).default([]),
  picture_url: z.string().nullable().default(null),
  /** Home location (start of a technician's day when not at a depot). */
  home: z.object({ lat: z.number(), lng: z.number(), address: z.string() }).nullable().default(null),
  created_at: z.string(),
  updated_at: z.string(),
}));

export type UserRecord = z.infer<typeof userRecord>;
export type NewUser = z.input<typeof userRecord>;
