/** Shared enumerations of part 1 section 3 (and parts 2, 3), verbatim. */

/**
 * Listing state. 4 has two readings in the spec: 'postponed' (search and user parts) and
 * 'delivered' (planner dialog). Both are kept, and which one each place shows is a stored setting
 * (`SETTINGS#listing-states`, docs/decisions/0715), the spec's report when none is stored.
 */
export const ListingState = { created: 0, captured: 1, validated: 2, vr_ready: 3, postponed: 4 } as const;
export const LISTING_STATE_4_READINGS = ['postponed', 'delivered'] as const;
export type ListingState4Reading = (typeof LISTING_STATE_4_READINGS)[number];

/** The places that show a listing's state: the listing screens (search and user parts) and the planner's shooting dialog. */
export type ListingStatePlace = 'listings' | 'planner';
/** The reading of state 4 each place shows when no setting is stored: as part 1 §3 reports them. */
export const DEFAULT_LISTING_STATE_4_READINGS: Readonly<Record<ListingStatePlace, ListingState4Reading>> = { listings: 'postponed', planner: 'delivered' };

const LISTING_STATES_0_TO_3 = ['created', 'captured', 'validated', 'vr_ready'] as const;
/** A listing state's name as a screen shows it (state 4 by the place's reading). */
export const LISTING_STATE_NAMES = [...LISTING_STATES_0_TO_3, ...LISTING_STATE_4_READINGS] as const;
export type ListingStateName = (typeof LISTING_STATE_NAMES)[number];

/** The name of `state` where 4 reads as `reading4`; a state outside the enumeration reads as created. */
export function listingStateName(state: number, reading4: ListingState4Reading): ListingStateName {
  return state === ListingState.postponed ? reading4 : (LISTING_STATES_0_TO_3[state] ?? 'created');
}

export const ShootingState = {
  created: 0,
  captured: 1,
  validated: 2,
  retouch: 3,
  processed: 4,
  uploaded: 5,
  confirmed: 6,
  unconfirmed: 7,
  inprogress: 8,
  completed: 9,
  canceled: 10,
  confirmation_required: 11,
  recommended: 12,
  abandonned: 13,
  delivered: 14,
} as const;
export type ShootingStateId = (typeof ShootingState)[keyof typeof ShootingState];

export const ShootingCaptureState = { another_shoot_recommended: 0, finished_and_complete: 1 } as const;

export const MarkerState = { created: 0, validated: 1, rejected: 2, fixStitch: 3, fixHdr: 4, fixPan: 5, fixManual: 6, processed: 7, enqueued: 100 } as const;

export const ProcessingStatus = { pending: 0, processing: 1, success: 2, failure: 3 } as const;
export const VideoCreationStatus = { requested: 0, enqueued: 1, success: 2, failure: 3 } as const;

export const Subscription = { base: 1, rabais_dix: 2, rabais_vingt: 3, rabais_trente: 4, platform: 8, application: 9 } as const;

export const ServiceOffer = { seasonal_shoot: 1, measures: 2, one_week_rental: 3, blue_hour: 4, vr: 7, two_d: 8, drone: 9, staging: 10, video: 12 } as const;

export const PictureServiceOffer = {
  application: { traditional: 180, blue_hour: 179, drone: 181 },
  platform: { traditional: 176, blue_hour: 178, drone: 177 },
  map: { traditional: 245, blue_hour: 243, drone: 244 },
} as const;

export const SolverInputStatus = { valid: 200, invalid: 500, no_techs_available: 404, out_of_zone: 404 } as const;

export const ZoneType = { photoshoot: 1, sales: 2 } as const;

/** Ticket urgency (part 1 §3 and §9): 1 Important, 2 Critical, 3 Urgent. */
export const TicketUrgency = { important: 1, critical: 2, urgent: 3 } as const;
export type TicketUrgencyId = (typeof TicketUrgency)[keyof typeof TicketUrgency];

/** Ticket problem types, in the spec's order; the default is software. */
export const TICKET_PROBLEM_TYPES = ['software', 'hardware', 'booth', 'vr', 'broker', 'other'] as const;
export type TicketProblemType = (typeof TICKET_PROBLEM_TYPES)[number];

/** Floors of part 1: 4 to 1 'Étage n', 0 ground floor, -1 basement, -2 common area (one of two readings: floorLabel in rules/floors.ts). */
export const FLOORS = [4, 3, 2, 1, 0, -1, -2] as const;
