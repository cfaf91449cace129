import * as z from '../zod.ts';
import { defineOperation } from './operation.ts';
import { PLANNER_ROLES } from '../roles.ts';
import { calendarDate } from './dates.ts';
import { shootingView } from './shootings.ts';
import { schema } from '#shared/schema.ts';

/** The planner (part 2 'Shooting planner', 'Dispatch'): the roles that may open /shooting. */
const PLANNERS = PLANNER_ROLES;

/** Part 2 §8: the dispatch messages, verbatim; N and M filled by the web. */
export const DISPATCH_MESSAGES = {
  none: "Aucun technicien n'est disponible pour la répartition.",
  partial: '{{n}} / {{m}} des captures ont été réparties.',
} as const;

const unservedReason = /* @__PURE__ */ schema(() => z.enum(['out_of_zone', 'no_skill', 'all_locked', 'unavailable', 'no_time', 'invalid', 'changed_meanwhile']));

export const dispatchShooting = /* @__PURE__ */ defineOperation(() => ({
  id: 'dispatchShooting',
  area: 'planner',
  method: 'POST',
  path: '/api/planner/dispatch',
  access: PLANNERS,
  summary:
    "Assigns a list of unassigned shootings of a date automatically (Step Functions: load the day → solve → apply), then stores the legs of the day's routes as they now run. An assignment made by hand or a day lock taken meanwhile is never overwritten.",
  input: z.object({ date: calendarDate, shooting_ids: z.array(z.number().int().positive()).min(1).max(500) }),
  output: z.object({
    userDispatched: z.number().int(),
    shootingDispatched: z.number().int(),
    shootingRequested: z.number().int(),
    unserved: z.array(z.object({ shootingId: z.number().int(), reason: unservedReason })),
  }),
  resources: ['table', 'dispatchWorkflow', 'location'],
}));

export const techDayFigures = /* @__PURE__ */ schema(() => z.object({
  tech_id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  shooting_count: z.number().int(),
  /** Shooting ids in route order. */
  route: z.array(z.number().int()),
  km: z.number(),
  transit_time: z.number().int(),
  km_cost: z.number(),
  package_commissions: z.number(),
  service_offer_commissions: z.number(),
  /** package commissions + service-offer commissions + km cost (part 2 §9). */
  cost: z.number(),
  feasible: z.boolean(),
  locked: z.boolean(),
}));

const dayFigures = /* @__PURE__ */ schema(() => z.object({ date: calendarDate, km_reading: z.enum(['default', 'flat059']), techs: z.array(techDayFigures) }));

export const getRouteFigures = /* @__PURE__ */ defineOperation(() => ({
  id: 'getRouteFigures',
  area: 'planner',
  method: 'GET',
  path: '/api/planner/figures',
  access: PLANNERS,
  summary: 'Per technician of a day: kilometres, transit time, cost (package + service-offer commissions + km cost beyond the 50 free km) and route order.',
  input: z.object({ date: calendarDate }),
  output: dayFigures,
  resources: ['table', 'location'],
  writes: [],
}));

export const recalculateShootingDistances = /* @__PURE__ */ defineOperation(() => ({
  id: 'recalculateShootingDistances',
  area: 'planner',
  method: 'POST',
  path: '/api/planner/recalculate',
  access: PLANNERS,
  summary: "The planner's 'Actualiser': recomputes each technician's route of the date and stores every shooting's distance and transit time.",
  input: z.object({ date: calendarDate }),
  output: dayFigures,
  resources: ['table', 'location'],
}));

export const assignProdShooting = /* @__PURE__ */ defineOperation(() => ({
  id: 'assignProdShooting',
  area: 'planner',
  method: 'PUT',
  path: '/api/planner/assign',
  access: PLANNERS,
  summary:
    "Assigns a shooting to a technician by hand. Refused (success false) when it does not fit the technician's half-day or the day is locked, unless force_assigned; then the technician's figures are recalculated. With `version` (the spec's timestamp: the shooting's version the board showed), 409 when the shooting changed since.",
  input: z.object({ shooting_id: z.number().int().positive(), tech_id: z.number().int().positive(), force_assigned: z.boolean().default(false), version: z.number().int().positive().optional() }),
  output: z.object({
    success: z.boolean(),
    reason: z.enum(['locked', 'conflict']).optional(),
    shootings: z.array(z.object({ id: z.number().int(), distance: z.number().nullable(), transit_time: z.number().nullable() })),
  }),
  resources: ['table', 'location'],
}));

export const unassignShootingTech = /* @__PURE__ */ defineOperation(() => ({
  id: 'unassignShootingTech',
  area: 'planner',
  method: 'POST',
  path: '/api/planner/unassign',
  access: PLANNERS,
  summary: "Takes a shooting back from its technician (it returns to the unassigned column). With `version` (the shooting's version the board showed), 409 when the shooting changed since.",
  input: z.object({ shooting_id: z.number().int().positive(), version: z.number().int().positive().optional() }),
  output: z.object({ success: z.boolean() }),
  resources: ['table', 'location'],
}));

const position = /* @__PURE__ */ schema(() => z.object({ lat: z.number(), lng: z.number() }));
/** [lng, lat], GeoJSON's and VROOM's order. */
const lngLat = /* @__PURE__ */ schema(() => z.tuple([z.number(), z.number()]));

export const getPlannerMap = /* @__PURE__ */ defineOperation(() => ({
  id: 'getPlannerMap',
  area: 'planner',
  method: 'GET',
  path: '/api/planner/map',
  access: PLANNERS,
  summary:
    "The planner's 'Map' of a day (part 2 'Shooting planner'): the available technicians (where their day starts, their depot), the day's active shootings (position, technician) and per technician the route line through their shootings in route order, from the travel provider (approximate: straight legs offline).",
  input: z.object({ date: calendarDate }),
  output: z.object({
    date: calendarDate,
    depots: z.array(position.extend({ id: z.number().int(), label: z.string() })),
    techs: z.array(
      z.object({
        tech_id: z.number().int(),
        firstname: z.string(),
        lastname: z.string(),
        start: position,
        depot_id: z.number().int().nullable(),
        /** Shooting ids in route order. */
        route: z.array(z.number().int()),
        /** The route line, from the start through every shooting and back. */
        line: z.array(lngLat),
        approximate: z.boolean(),
      }),
    ),
    shootings: z.array(position.extend({ id: z.number().int(), tech_id: z.number().int().nullable() })),
  }),
  resources: ['table', 'location'],
  writes: [],
}));

const timeWindow = /* @__PURE__ */ schema(() => z.tuple([z.number().int(), z.number().int()]));

/** The VROOM problem of a day, exactly as `dayToVroom` writes it (shared/planning/vroom-format.ts). */
export const vroomDayProblem = /* @__PURE__ */ schema(() => z.object({
  vehicles: z.array(
    z.object({
      id: z.number().int(),
      start: lngLat,
      start_index: z.number().int(),
      end: lngLat,
      end_index: z.number().int(),
      time_window: timeWindow,
      skills: z.array(z.number().int()),
      breaks: z.array(z.object({ id: z.number().int(), time_windows: z.array(timeWindow), service: z.number().int(), description: z.string() })).optional(),
      steps: z.array(z.object({ type: z.enum(['start', 'job', 'end']), id: z.number().int().optional() })).optional(),
    }),
  ),
  jobs: z.array(
    z.object({
      id: z.number().int(),
      location: lngLat,
      location_index: z.number().int(),
      service: z.number().int(),
      skills: z.array(z.number().int()),
      time_windows: z.array(timeWindow),
    }),
  ),
  matrices: z.object({ car: z.object({ durations: z.array(z.array(z.number())), distances: z.array(z.array(z.number())) }) }),
}));

export const exportPlanningDay = /* @__PURE__ */ defineOperation(() => ({
  id: 'exportPlanningDay',
  area: 'planner',
  method: 'GET',
  path: '/api/planner/export',
  access: PLANNERS,
  summary:
    "The planner's 'export day': the day as a problem in the VROOM project's JSON format (what `npm run solve` reads): every available technician as a vehicle (eligibility as skills, assigned shootings kept as steps, unavailabilities as breaks), every active shooting as a job, the day's travel matrices.",
  input: z.object({ date: calendarDate }),
  output: vroomDayProblem,
  resources: ['table', 'location'],
  writes: [],
}));

// ---------------------------------------------------------------------------------------------
// The complete board (issue 11 item 1, docs/decisions/0170-planner-board.md): the day as the
// board shows it, day locks, the forced flag's removal, abandon.

/** Part 2 §8: the planner's messages, verbatim (the web shows them; the server names them in errors). */
export const PLANNER_MESSAGES = {
  unlockFailed: "La journée du photographe ne peut pas être déverrouillée, possiblement à cause de captures en conflit.",
  flagResetSuccess: 'La réinitilisation a été effectuée avec succès.',
  flagResetFailure: "La réinitilisation n'a pas pu être effectuée.",
  notTechnician: 'This user is not a capture technician.',
  stale: 'This shooting was changed meanwhile; the planner reloads it.',
  notActive: 'This shooting is cancelled or abandoned.',
} as const;

const id = /* @__PURE__ */ schema(() => z.number().int().positive());
const place = /* @__PURE__ */ schema(() => z.object({ lat: z.number(), lng: z.number() }));

/** A shooting as the board shows it: the shooting view plus its technician, tags, reshoot ordinal, flags and version. */
export const plannerShooting = /* @__PURE__ */ schema(() => shootingView.extend({
  tech_id: z.number().int().nullable(),
  force_assigned: z.boolean(),
  seasonal: z.boolean(),
  blue_hour: z.boolean(),
  ping_time: z.string().nullable(),
  billable: z.boolean(),
  /** Part 2 §4: more than one shooting of the listing (states 10 and 12 left out) → reshoot, with its ordinal (1 = the first). */
  reshoot: z.boolean(),
  reshootIndex: z.number().int().positive(),
  distance: z.number().nullable(),
  transit_time: z.number().nullable(),
  version: z.number().int(),
}));
export type PlannerShooting = z.infer<typeof plannerShooting>;

/**
 * The id of the whole-day unavailability a technician gets who works the day without an
 * availability (they hold a shooting of it): the server plans them unavailable all day, and the
 * planner's card names it in the page's language (docs/decisions/0595).
 */
export const NO_AVAILABILITY_ID = 'no-availability';

/** A technician available that day (part 2 §3 'Tech / user (planner view)'). */
export const scheduledTech = /* @__PURE__ */ schema(() => z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  picture_url: z.string().nullable(),
  freelance: z.boolean(),
  home: place.extend({ address: z.string() }).nullable(),
  depot: place.extend({ id: z.number().int(), civic_number: z.string(), street: z.string(), city: z.string() }).nullable(),
  unavailabilities: z.array(z.object({ id: z.string(), start: z.string(), end: z.string(), summary: z.string() })),
  /** The service offers and shooting packages the technician does (ids; what the dispatch matches shootings against). */
  userServiceOffers: z.array(z.number().int()),
  userShootingPackages: z.array(z.number().int()),
  locked: z.boolean(),
}));
export type ScheduledTech = z.infer<typeof scheduledTech>;

export const dailyShootingActivity = /* @__PURE__ */ defineOperation(() => ({
  id: 'dailyShootingActivity',
  area: 'planner',
  method: 'GET',
  path: '/api/planner/day',
  access: PLANNERS,
  summary:
    "The planner's board of a day: its active shootings (with technician, tags, reshoot ordinal, forced flag, version) and scheduledTechs, the capture technicians available that day (or still holding a shooting of it) with home, depot, unavailabilities and day lock.",
  input: z.object({ date: calendarDate }),
  output: z.object({ date: calendarDate, shootings: z.array(plannerShooting), scheduledTechs: z.array(scheduledTech) }),
  resources: ['table'],
  writes: [],
}));

export const techLocks = /* @__PURE__ */ defineOperation(() => ({
  id: 'tech_locks',
  area: 'planner',
  method: 'GET',
  path: '/api/planner/locks',
  access: PLANNERS,
  summary: 'The day locks of a date: the technicians whose day is locked, by whom and when.',
  input: z.object({ date: calendarDate }),
  output: z.object({ locks: z.array(z.object({ tech_id: z.number().int(), locked_by: z.number().int().nullable(), locked_at: z.string().nullable() })) }),
  resources: ['table'],
  writes: [],
}));

export const updateLockStatus = /* @__PURE__ */ defineOperation(() => ({
  id: 'updateLockStatus',
  area: 'planner',
  method: 'POST',
  path: '/api/planner/locks',
  access: PLANNERS,
  summary:
    "Locks or unlocks a capture technician's day. A locked day takes no booking, dispatch nor unforced assignment, and is the technician's final plan: locking confirms the day's pending shootings assigned to them at the start times of their route (`confirmed` counts them; none when the route does not fit the day), and e-mails each broker their shooting's planned arrival (a mail that cannot be sent is logged, docs/decisions/0705). Unlocking is refused (409) while the shootings the technician holds that day conflict (their route does not fit the day): opening it would sell time the day does not have.",
  input: z.object({ tech_id: id, locked: z.boolean(), date: calendarDate }),
  output: z.object({ success: z.boolean(), locked: z.boolean(), confirmed: z.number().int().nonnegative().optional() }),
  resources: ['table', 'location', 'mail'],
}));

export const attemptShootingFlagRemoval = /* @__PURE__ */ defineOperation(() => ({
  id: 'attemptShootingFlagRemoval',
  area: 'planner',
  method: 'POST',
  path: '/api/planner/flag-removal',
  access: PLANNERS,
  summary:
    "Tries to clear a shooting's forced-assignment flag: it succeeds only when the shooting would be accepted without force (its technician's day is not locked and the route fits the day); success false otherwise, nothing changed. 409 when the shooting changed since `version`.",
  input: z.object({ shooting_id: id, version: z.number().int().positive() }),
  output: z.object({ success: z.boolean() }),
  resources: ['table', 'location'],
}));

export const abandonShooting = /* @__PURE__ */ defineOperation(() => ({
  id: 'abandonShooting',
  area: 'planner',
  method: 'POST',
  path: '/api/planner/abandon',
  access: PLANNERS,
  summary: 'Marks a shooting abandoned (state 13) after the dispatcher confirmed it; it leaves its technician and the board. 409 when it changed since `version` or is already cancelled or abandoned.',
  input: z.object({ shooting_id: id, version: z.number().int().positive() }),
  output: z.object({ success: z.boolean() }),
  resources: ['table', 'location'],
}));
