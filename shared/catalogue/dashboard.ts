import * as z from '../zod.ts';
import { defineOperation } from './operation.ts';
import { calendarDate } from './dates.ts';
import { remoteFile, sdCardState } from './rij.ts';
import { schema } from '#shared/schema.ts';

/**
 * /dashboard (part 2 route table: any logged-in user). The spec leaves its content open; what each
 * role reads there first thing in the morning is docs/decisions/0160-dashboard-per-role.md. One
 * call answers the panels of the caller's role, each computed from stored data (never an estimate):
 * the server decides which panels a role gets and whose data they count (own or everyone's).
 */

/** Days of the post-production queue (ending on the dashboard's day) and of the injector activity. */
export const QUEUE_DAYS = 14;
export const INJECTOR_DAYS = 7;
/** The most recent files and listings a panel lists (the counts cover every one). */
export const RECENT_FILES = 10;
export const RECENT_LISTINGS = 10;

const count = /* @__PURE__ */ schema(() => z.number().int().nonnegative());
/** A count per shooting state (shared/enums.ts ShootingState), states with none left out, by state. */
export const stateCounts = /* @__PURE__ */ schema(() => z.array(z.object({ state: z.number().int(), count })));
export type StateCounts = z.infer<typeof stateCounts>;

/** Own: the caller's data only; all: everyone's. */
const scope = /* @__PURE__ */ schema(() => z.enum(['own', 'all']));

const shootingDay = /* @__PURE__ */ schema(() => z.object({
  date: z.string(),
  /** Active shootings (not cancelled nor abandoned). */
  total: count,
  /** Active shootings without a capture technician (null for a technician's own day). */
  unassigned: count.nullable(),
  by_state: stateCounts,
}));

export const dashboardPanel = /* @__PURE__ */ schema(() => z.union([
  /** Today's and tomorrow's shootings: everyone's (dispatch) or the capture technician's own. */
  z.object({ kind: z.literal('shootings'), scope, days: z.array(shootingDay) }),
  /** Post-production queue: shootings of the last QUEUE_DAYS days by state; own = pp_tech_id is the caller. */
  z.object({
    kind: z.literal('production'),
    scope,
    from: z.string(),
    to: z.string(),
    by_state: stateCounts,
    /** Day of the oldest shooting in the review queue's Under Review tab (uploaded, not public for the broker), or null. */
    oldest_under_review: z.string().nullable(),
  }),
  /** Key figures of the week (Monday to Sunday) holding the day. */
  z.object({
    kind: z.literal('week'),
    from: z.string(),
    to: z.string(),
    shootings_total: count,
    shootings_by_state: stateCounts,
    delivered: count,
    tickets_open: count,
    tickets_opened: count,
  }),
  /** SD-card state records and uploaded files of the last INJECTOR_DAYS days. */
  z.object({
    kind: z.literal('injector'),
    scope,
    from: z.string(),
    to: z.string(),
    cards: z.array(sdCardState.extend({ date: z.string() })),
    file_count: count,
    bytes: count,
    recent_files: z.array(remoteFile),
  }),
  /** Support tickets: the caller's own, or every ticket for admin levels. */
  z.object({ kind: z.literal('tickets'), scope, open: count, oldest_open: z.string().nullable(), opened_last_7_days: count }),
  /** The most recently updated listings (social media and sales consult listings and deliveries). */
  z.object({
    kind: z.literal('listings'),
    recent: z.array(z.object({ id: z.number().int(), address: z.string(), city: z.string(), broker: z.string(), updated_at: z.string(), has_delivery_link: z.boolean() })),
  }),
  /** App releases (part 3 §13): per app, how many versions it has and its highest one (null: none yet). */
  z.object({
    kind: z.literal('releases'),
    apps: z.array(z.object({ app: z.string(), count, latest: z.object({ version: z.string(), public: z.boolean(), uploaded: z.boolean(), created_at: z.string() }).nullable() })),
  }),
]));
export type DashboardPanel = z.infer<typeof dashboardPanel>;
export type DashboardPanelKind = DashboardPanel['kind'];

export const getDashboard = /* @__PURE__ */ defineOperation(() => ({
  id: 'getDashboard',
  area: 'dashboard',
  method: 'GET',
  path: '/api/dashboard',
  access: 'authenticated',
  summary:
    "The caller's morning dashboard: the panels of their role (docs/decisions/0160), each counted from stored data for the day given (default the business's today): shootings of the day and the next, the post-production queue, the week's figures, SD cards and uploads, tickets, recent listings.",
  input: z.object({ date: calendarDate.optional() }),
  output: z.object({ date: z.string(), panels: z.array(dashboardPanel) }),
  resources: ['table', 'injectorBucket'],
  writes: [],
}));
