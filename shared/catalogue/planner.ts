import * as z from '../zod.ts';
import { defineOperation } from './operation.ts';
import { PLANNER_ROLES } from '../roles.ts';
import { calendarDate } from './dates.ts';

/** The planner (part 2 'Shooting planner', 'Dispatch'): the roles that may open /shooting. */
const PLANNERS = PLANNER_ROLES;

/** Part 2 §8: the dispatch messages, verbatim; N and M filled by the web. */
export const DISPATCH_MESSAGES = {
  none: "Aucun technicien n'est disponible pour la répartition.",
  partial: '{{n}} / {{m}} des captures ont été réparties.',
} as const;

const unservedReason = z.enum(['out_of_zone', 'no_skill', 'all_locked', 'unavailable', 'no_time', 'invalid', 'changed_meanwhile']);

export const dispatchShooting = defineOperation({
  id: 'dispatchShooting',
  area: 'planner',
  method: 'POST',
  path: '/api/planner/dispatch',
  access: PLANNERS,
  summary:
    'Assigns a list of unassigned shootings of a date automatically (Step Functions: load the day → solve → apply). An assignment made by hand or a day lock taken meanwhile is never overwritten.',
  input: z.object({ date: calendarDate, shooting_ids: z.array(z.number().int().positive()).min(1).max(500) }),
  output: z.object({
    userDispatched: z.number().int(),
    shootingDispatched: z.number().int(),
    shootingRequested: z.number().int(),
    unserved: z.array(z.object({ shootingId: z.number().int(), reason: unservedReason })),
  }),
  resources: ['table', 'dispatchWorkflow'],
  writes: [],
});

export const techDayFigures = z.object({
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
});

const dayFigures = z.object({ date: calendarDate, km_reading: z.enum(['default', 'flat059']), techs: z.array(techDayFigures) });

export const getRouteFigures = defineOperation({
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
});

export const recalculateShootingDistances = defineOperation({
  id: 'recalculateShootingDistances',
  area: 'planner',
  method: 'POST',
  path: '/api/planner/recalculate',
  access: PLANNERS,
  summary: "The planner's 'Actualiser': recomputes each technician's route of the date and stores every shooting's distance and transit time.",
  input: z.object({ date: calendarDate }),
  output: dayFigures,
  resources: ['table', 'location'],
});

export const assignProdShooting = defineOperation({
  id: 'assignProdShooting',
  area: 'planner',
  method: 'PUT',
  path: '/api/planner/assign',
  access: PLANNERS,
  summary:
    "Assigns a shooting to a technician by hand. Refused (success false) when it does not fit the technician's half-day or the day is locked, unless force_assigned; then the technician's figures are recalculated.",
  input: z.object({ shooting_id: z.number().int().positive(), tech_id: z.number().int().positive(), force_assigned: z.boolean().default(false) }),
  output: z.object({
    success: z.boolean(),
    reason: z.enum(['locked', 'conflict']).optional(),
    shootings: z.array(z.object({ id: z.number().int(), distance: z.number().nullable(), transit_time: z.number().nullable() })),
  }),
  resources: ['table', 'location'],
});

export const unassignShootingTech = defineOperation({
  id: 'unassignShootingTech',
  area: 'planner',
  method: 'POST',
  path: '/api/planner/unassign',
  access: PLANNERS,
  summary: 'Takes a shooting back from its technician (it returns to the unassigned column).',
  input: z.object({ shooting_id: z.number().int().positive() }),
  output: z.object({ success: z.boolean() }),
  resources: ['table'],
});
