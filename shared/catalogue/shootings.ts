import * as z from '../zod.ts';
import { defineOperation } from './operation.ts';
import { ADMIN_ROLES, PLANNER_ROLES, REVIEWERS, Role } from '../roles.ts';
import { calendarDate, dayInput } from './dates.ts';
import { BOOKING_HORIZON_DAYS } from '../rules/booking-horizon.ts';
import { LISTING_STATE_NAMES } from '../enums.ts';
import { SHOOTING_MESSAGES, SHOOTING_ADMIN_MESSAGES, BOOKING_MESSAGES } from '../messages/shootings.ts';
import { schema } from '#shared/schema.ts';

export { SHOOTING_MESSAGES, SHOOTING_ADMIN_MESSAGES, BOOKING_MESSAGES };

/**
 * Broker shootings, part 1 sections 2.4 to 2.7, 3, 5, 7 to 9: address suggestions and geocoding,
 * city check, booking availability, create, list, read, change time, cancel.
 * docs/decisions/0050-booking-capacity-and-half-day-guard.md, 0051-shooting-list-for-brokers.md.
 */

/** A number, or its digits in a query string; not a boolean, an empty string, null or an array that a coercion would make 0 or 1. */
const decimal = (message?: string) => z.union([z.number(), z.string().trim().regex(/^[+-]?\d+(\.\d+)?$/).transform(Number)], message ? { message } : undefined);
const roomCount = /* @__PURE__ */ schema(() => decimal('Whole rooms only.').pipe(z.number().int('Whole rooms only.').min(0).max(100)));
const lat = /* @__PURE__ */ schema(() => decimal().pipe(z.number().min(-90).max(90)));
const lng = /* @__PURE__ */ schema(() => decimal().pipe(z.number().min(-180).max(180)));

/** Why a time slot cannot be booked: its half-day has started, no technician serves the property that day, or they are fully booked. */
export const SLOT_REASONS = ['started', 'no_technician', 'full'] as const;
export type SlotReason = (typeof SLOT_REASONS)[number];

/** Part 1 section 3: time slot, plus the reason of an unsuccessful one (docs/decisions/0116). */
export const timeSlot = /* @__PURE__ */ schema(() => z.object({ date_in_ts: z.number().int(), is_am: z.boolean(), success: z.boolean(), reason: z.enum(SLOT_REASONS).optional() }));
export type TimeSlot = z.infer<typeof timeSlot>;

/** Part 1 section 3: listing inside a shooting. */
export const shootingListing = /* @__PURE__ */ schema(() => z.object({
  id: z.number().int(),
  address: z.string(),
  app: z.string(),
  city: z.string(),
  postalcode: z.string(),
  room_count: z.number().int(),
  is_house: z.boolean(),
  is_existing_listing: z.boolean(),
  lat: z.number(),
  lng: z.number(),
  state: z.number().int(),
  picture_url: z.string().nullable(),
  broker: z.object({ firstname: z.string(), lastname: z.string() }),
  distribution_token: z.string().nullable(),
  updated_at: z.string(),
}));

/**
 * Part 1 section 3: shooting (broker view). `scheduleddate` is the Quebec day; `date_in_ts` its local
 * midnight. The spec's `pictures` is not sent: a shooting's pictures are seen on its listing's
 * delivery page (`listing.distribution_token`), and no screen reads them from here (ADR 0590).
 */
export const shootingView = /* @__PURE__ */ schema(() => z.object({
  id: z.number().int(),
  scheduleddate: z.string(),
  date_in_ts: z.number().int(),
  is_confirmed: z.boolean(),
  am: z.boolean(),
  only_360: z.boolean(),
  note: z.string(),
  state: z.number().int(),
  starttime: z.string().nullable(),
  endtime: z.string().nullable(),
  estimated_duration: z.number().int(),
  room_count: z.number().int(),
  cancellation_reason: z.string().nullable(),
  listing: shootingListing,
}));
export type ShootingView = z.infer<typeof shootingView>;

/** A card's status (part 2 §4; docs/decisions/0525): the planner's reading of completion, then started or not. */
export const cardProgress = /* @__PURE__ */ schema(() => z.enum(['completed', 'in_progress', 'planned']));

/**
 * An ended shooting's shoot time (ping time, else start time, to end time) against the staff
 * estimate for `rooms` (part 2 §9; docs/decisions/0525): `percent` > 0 over it, < 0 under it.
 */
export const shootTime = /* @__PURE__ */ schema(() => z.object({
  shoot_s: z.number().int().nonnegative(),
  estimate_s: z.number().int().positive(),
  rooms: z.number().int().nonnegative(),
  /** The floorplan's indoor rooms created in the 2 hours after the start, else the booked room count. */
  rooms_from: z.enum(['floorplan', 'room_count']),
  percent: z.number().int(),
}));
export type ShootTime = z.infer<typeof shootTime>;

/**
 * A shooting of the list: the view, its card status and, on a one-day read (from = to) by anyone
 * but a broker, its shoot time (null before it has ended). Both optional: an answer without them
 * still reads.
 */
/**
 * A shooting of a list, with its card status; on a one-day read by staff, its shoot time and the
 * technician holding it (the shooting dashboard groups by them, whether or not they work that day).
 */
export const listedShooting = /* @__PURE__ */ schema(() => shootingView.extend({
  progress: cardProgress.optional(),
  shoot_time: shootTime.nullable().optional(),
  tech: z.object({ id: z.number().int(), firstname: z.string(), lastname: z.string() }).nullable().optional(),
}));
export type ListedShooting = z.infer<typeof listedShooting>;

export const CANCELLATION_REASON_MIN_LENGTH = 5;
/** The wizard asks 7 days at a time; the server answers at most this many days per call. */
export const MAX_AVAILABILITY_DAYS = 14;
export const POSTAL_CODE_MIN_LENGTH = 6;

const BOOKERS = [Role.broker] as const;
const SHOOTING_READERS = [Role.superadmin, Role.admin, Role.broker, Role.tech_capture, Role.tech_postprod, Role.tech_postprod_lead] as const;

export const suggestAddresses = /* @__PURE__ */ defineOperation(() => ({
  id: 'suggestAddresses',
  area: 'shootings',
  method: 'GET',
  path: '/api/location/suggestions',
  access: 'authenticated',
  summary: 'Address suggestions for the booking wizard, restricted to Canada (Amazon Location; offline, the gazetteer).',
  input: z.object({ text: z.string().trim().min(1).max(200), language: z.enum(['fr', 'en']).optional() }),
  output: z.object({ suggestions: z.array(z.object({ text: z.string(), place_id: z.string() })) }),
  resources: ['table', 'location'],
  writes: [],
}));

export const geocodeAddress = /* @__PURE__ */ defineOperation(() => ({
  id: 'geocodeAddress',
  area: 'shootings',
  method: 'GET',
  path: '/api/location/geocode',
  access: 'authenticated',
  summary: 'The address, city, postal code and position of a suggestion (place_id) or of a text; 404 when unknown.',
  input: z
    .object({ place_id: z.string().trim().min(1).max(500).optional(), text: z.string().trim().min(1).max(200).optional() })
    .refine((v) => v.place_id !== undefined || v.text !== undefined, { message: 'Give place_id or text.', path: ['place_id'] }),
  output: z.object({
    address: z.string(),
    /** The address's civic number and street ('' when none): the depot form's fields. */
    civic_number: z.string(),
    street: z.string(),
    city: z.string(),
    postalcode: z.string(),
    lat: z.number(),
    lng: z.number(),
    /** True when the position is the municipality's centre, not the address's (offline gazetteer; Amazon Location is exact). */
    approximate: z.boolean(),
  }),
  resources: ['table', 'location'],
  writes: [],
}));

export const validateShootingCity = /* @__PURE__ */ defineOperation(() => ({
  id: 'validateShootingCity',
  area: 'shootings',
  method: 'POST',
  path: '/api/shootings/validate-city',
  access: 'authenticated',
  summary:
    "200 when the city lies in a photoshoot zone; 422 'Le service n'est pas disponible dans cette ville.' (bookshooting.city_not_supported) otherwise. With lat/lng the picked address is checked, else the city is geocoded.",
  input: z.object({ city: z.string().trim().min(1).max(120), lat: lat.optional(), lng: lng.optional() }),
  output: z.object({ status: z.literal(200), message: z.string(), zone_ids: z.array(z.number().int()) }),
  resources: ['table', 'location'],
  writes: [],
}));

export const validateShootingAvailability = /* @__PURE__ */ defineOperation(() => ({
  id: 'validateShootingAvailability',
  area: 'shootings',
  method: 'POST',
  path: '/api/shootings/availability',
  access: 'authenticated',
  summary:
    "The AM and PM time slots of the coming days for a property: a slot succeeds only if an eligible technician (zone, skills, not day-locked, not unavailable) can still fit the shooting into that half-day, travel included. With shooting_id (change time: the caller's own shooting being moved), that shooting does not count against the slots, as its move does not; another's or a missing one answers 404.",
  input: z.object({
    address: z.string().trim().max(300).default(''),
    is_house: z.boolean(),
    room_count: roomCount,
    only_360: z.boolean().default(false),
    is_existing_listing: z.boolean().default(false),
    date: dayInput,
    days: z.coerce.number().int().min(1).max(MAX_AVAILABILITY_DAYS).default(1),
    lat,
    lng,
    /** The shooting being moved (change time): left out of the day it is in. */
    shooting_id: z.coerce.number().int().positive().optional(),
  }),
  output: z.object({ time_slot: z.array(timeSlot) }),
  resources: ['table', 'location'],
  writes: [],
}));

/** The longest texts a booking keeps (the wizard's inputs stop there too). */
export const BOOKING_MAX_LENGTH = { address: 300, app: 40, city: 120, postalcode: 10, note: 2000 } as const;

/** Part 1 section 3: booking request. */
export const bookingRequest = /* @__PURE__ */ schema(() => z.object({
  address: z.string().trim().min(1).max(BOOKING_MAX_LENGTH.address),
  app: z.string().trim().max(BOOKING_MAX_LENGTH.app).default(''),
  city: z.string().trim().min(1).max(BOOKING_MAX_LENGTH.city),
  postalcode: z.string().trim().min(POSTAL_CODE_MIN_LENGTH, `The postal code must contain at least ${POSTAL_CODE_MIN_LENGTH} characters.`).max(BOOKING_MAX_LENGTH.postalcode),
  is_house: z.boolean(),
  room_count: roomCount,
  scheduleddate: dayInput,
  is_am: z.boolean(),
  is_existing_listing: z.boolean().default(false),
  only_360: z.boolean().default(false),
  note: z.string().trim().max(BOOKING_MAX_LENGTH.note).default(''),
  lat,
  lng,
  /** Admin levels book on behalf of this broker (docs/decisions/0117); a broker never sends it. */
  broker_id: z.coerce.number().int().positive().optional(),
  /** Extra services from the catalogue (available offers beyond the included ones, docs/decisions/0134). */
  extra_service_offers: z.array(z.number().int().positive()).max(20).default([]),
  /**
   * The client's id for this booking request (a UUID), the same on every retry of the same details: a
   * request sent again after its answer was lost answers the shooting the first one made, never a
   * second one (docs/decisions/0585).
   */
  request_id: z.string().uuid().optional(),
}));

export const createShooting = /* @__PURE__ */ defineOperation(() => ({
  id: 'createShooting',
  area: 'shootings',
  method: 'POST',
  path: '/api/shootings',
  access: [...BOOKERS, ...ADMIN_ROLES],
  summary:
    "Book a shooting: creates or links the listing and creates the shooting unconfirmed (state 7) in the half-day, after re-checking its availability; 409 when the half-day is no longer available. Admin levels book for the broker named by broker_id (required for them, refused from a broker); the shooting is the broker's. The broker is then e-mailed the request as saved (a mail that cannot be sent is logged; the booking stands, docs/decisions/0705).",
  input: bookingRequest,
  output: z.object({ success: z.literal(true), data: shootingView }),
  resources: ['table', 'location', 'mail'],
}));

/** A broker as the booking wizard of an administrator lists them. */
export const brokerChoice = /* @__PURE__ */ schema(() => z.object({ id: z.number().int(), firstname: z.string(), lastname: z.string(), email: z.string() }));
export type BrokerChoice = z.infer<typeof brokerChoice>;

export const BROKER_SEARCH_LIMIT = 20;

export const searchBrokers = /* @__PURE__ */ defineOperation(() => ({
  id: 'searchBrokers',
  area: 'shootings',
  method: 'GET',
  path: '/api/brokers',
  access: ADMIN_ROLES,
  summary: `Brokers whose name or e-mail contains the text (accents and case ignored), by last name, at most ${BROKER_SEARCH_LIMIT}: the broker picker of an administrator's booking.`,
  input: z.object({ text: z.string().trim().min(2).max(100) }),
  output: z.object({ data: z.array(brokerChoice) }),
  resources: ['table'],
}));

/** How far back the staff's shooting list looks when no range is given (getAllShootings; its screen says so). */
export const STAFF_LIST_DAYS_BACK = 7;

export const getAllShootings = /* @__PURE__ */ defineOperation(() => ({
  id: 'getAllShootings',
  area: 'shootings',
  method: 'GET',
  path: '/api/shootings',
  access: SHOOTING_READERS,
  summary:
    `Shootings by date: a broker's own, a capture technician's assigned ones, every shooting for staff (1, 2, 5, 8) between from and to (default: ${STAFF_LIST_DAYS_BACK} days ago to the last bookable day, ${BOOKING_HORIZON_DAYS} days ahead; at most ${STAFF_LIST_DAYS_BACK + BOOKING_HORIZON_DAYS + 1} days). Each with its card status; on a one-day read (from = to, the shooting dashboard's) by anyone but a broker, with its shoot time against the staff estimate (docs/decisions/0525) and its technician (id and names, null when unassigned).`,
  input: z.object({ from: calendarDate.optional(), to: calendarDate.optional() }),
  output: z.object({ data: z.array(listedShooting) }),
  resources: ['table'],
  writes: [],
}));

export const getShooting = /* @__PURE__ */ defineOperation(() => ({
  id: 'getShooting',
  area: 'shootings',
  method: 'GET',
  path: '/api/shootings/{shooting_id}',
  access: SHOOTING_READERS,
  summary: "One shooting; 404 when it does not exist or is not the caller's (brokers, capture technicians).",
  input: z.object({ shooting_id: z.coerce.number().int().positive() }),
  output: z.object({ data: shootingView }),
  resources: ['table'],
  writes: [],
}));

export const updateShootingTime = /* @__PURE__ */ defineOperation(() => ({
  id: 'updateShootingTime',
  area: 'shootings',
  method: 'PUT',
  path: '/api/shootings/{shooting_id}/time',
  access: BOOKERS,
  summary: 'Move an unconfirmed shooting of the caller to another half-day, after re-checking its availability; 409 when confirmed or taken.',
  input: z.object({ shooting_id: z.coerce.number().int().positive(), scheduleddate: dayInput, is_am: z.boolean() }),
  output: z.object({ success: z.literal(true), data: shootingView }),
  resources: ['table', 'location'],
}));

export const cancelShooting = /* @__PURE__ */ defineOperation(() => ({
  id: 'cancelShooting',
  area: 'shootings',
  method: 'PUT',
  path: '/api/shootings/{shooting_id}/cancel',
  access: [Role.superadmin, Role.admin, Role.broker],
  summary:
    "Cancel an unconfirmed shooting: a broker their own, admin levels anyone's with a reason of at least 5 characters; 409 with a message when it is confirmed.",
  input: z.object({ shooting_id: z.coerce.number().int().positive(), cancellation_reason: z.string().trim().max(1000).default('') }),
  output: z.object({ status: z.literal(200), message: z.string() }),
  resources: ['table', 'location'],
}));

// ---------------------------------------------------------------------------------------------
// Shooting administration (part 2 §7 'Planner and shootings', part 3 §4, §5, §8): the planner's
// shooting dialog, reused by the review screen. Every write names the `version` it read; a stale
// one answers 409 with SHOOTING_ADMIN_MESSAGES.stale (docs/decisions/0180).

/** The 'Picture Upload' service offer, by its catalogue key name: only its shootings have a saisie-à-la-source flag. */
export { PICTURE_UPLOAD_KEY } from '../rules/protected-offers.ts';

/** Quebec sales taxes on an invoice (GST 5 %, QST 9.975 %). */
export const INVOICE_TAXES = { tps: 0.05, tvq: 0.09975 } as const;

const shootingId = /* @__PURE__ */ schema(() => z.coerce.number().int().positive());
const version = /* @__PURE__ */ schema(() => z.number().int().positive());
const noteText = /* @__PURE__ */ schema(() => z.string().trim().max(5000, 'Too long.'));
const ADMIN_WRITERS = ADMIN_ROLES;
const DIALOG_WRITERS = PLANNER_ROLES;
/** The review screen's roles read its shootings panel (part 3 screen 5); the capture technician among them writes nothing in it (docs/decisions/0180). */
const DIALOG_READERS = REVIEWERS;
const PP_ASSIGNERS = [Role.superadmin, Role.admin, Role.tech_postprod_lead] as const;

const person = /* @__PURE__ */ schema(() => z.object({ id: z.number().int(), firstname: z.string(), lastname: z.string() }));
export const shootingService = /* @__PURE__ */ schema(() => z.object({ id: z.number().int(), key_name: z.string(), display_name: z.string(), display_name_fr: z.string(), price: z.number() }));
export type ShootingService = z.infer<typeof shootingService>;

/** Part 2 §3 and part 3 §3 'Shooting' as the shooting dialog shows it. */
export const shootingAdminView = /* @__PURE__ */ schema(() => z.object({
  id: z.number().int(),
  version: z.number().int(),
  scheduleddate: z.string(),
  am: z.boolean(),
  state: z.number().int(),
  starttime: z.string().nullable(),
  endtime: z.string().nullable(),
  estimated_duration: z.number().int(),
  room_count: z.number().int(),
  only_360: z.boolean(),
  seasonal: z.boolean(),
  blue_hour: z.boolean(),
  note: z.string(),
  tech_note: z.string(),
  post_prod_notes: z.string(),
  general_notes: z.string(),
  billable: z.boolean(),
  all_services_delivered: z.boolean(),
  saisie_source_completed: z.boolean(),
  /** Whether the shooting has the 'Picture Upload' service (the saisie-à-la-source flag applies). */
  has_picture_upload: z.boolean(),
  sd_card: z.string().nullable(),
  invoice_id: z.string().nullable(),
  tech: person.nullable(),
  pp_tech: person.nullable(),
  broker: person.extend({ email: z.string() }),
  /** `state_name`: the listing's state as the planner's dialog reads it (4 by the setting, docs/decisions/0715). */
  listing: z.object({ id: z.number().int(), address: z.string(), app: z.string(), city: z.string(), postalcode: z.string(), mls: z.string().nullable(), state: z.number().int(), state_name: z.enum(LISTING_STATE_NAMES) }),
  services: z.array(shootingService),
  shooting_package: z.object({ id: z.number().int(), display_name_fr: z.string(), display_name_en: z.string(), price: z.number() }).nullable(),
}));
export type ShootingAdminView = z.infer<typeof shootingAdminView>;

const viewAnswer = /* @__PURE__ */ schema(() => z.object({ data: shootingAdminView }));

export const getShootingAdmin = /* @__PURE__ */ defineOperation(() => ({
  id: 'getShootingAdmin',
  area: 'shootings',
  method: 'GET',
  path: '/api/shootings/{shooting_id}/admin',
  access: DIALOG_READERS,
  summary: "The shooting dialog's view of a shooting (services, notes, flags, SD card, invoice, technicians, version) and, for the roles that may assign one (1, 2, 8), the post-production technicians to choose from (empty for the other readers).",
  input: z.object({ shooting_id: shootingId }),
  output: viewAnswer.extend({ pp_techs: z.array(person) }),
  resources: ['table'],
  writes: [],
}));

export const billShooting = /* @__PURE__ */ defineOperation(() => ({
  id: 'billShooting',
  area: 'shootings',
  method: 'PUT',
  path: '/api/shootings/{shooting_id}/billable',
  access: ADMIN_WRITERS,
  summary: 'Marks a shooting billable or not billable; 409 when the version is stale.',
  input: z.object({ shooting_id: shootingId, version, billable: z.boolean() }),
  output: viewAnswer,
  resources: ['table'],
}));

export const invoiceLine = /* @__PURE__ */ schema(() => z.object({ label_fr: z.string(), label_en: z.string(), amount: z.number() }));
export const shootingInvoice = /* @__PURE__ */ schema(() => z.object({
  invoice_id: z.string(),
  issued_on: z.string(),
  shooting_id: z.number().int(),
  scheduleddate: z.string(),
  broker: z.object({ firstname: z.string(), lastname: z.string(), email: z.string() }),
  address: z.string(),
  lines: z.array(invoiceLine),
  subtotal: z.number(),
  tps: z.number(),
  tvq: z.number(),
  total: z.number(),
}));
export type ShootingInvoice = z.infer<typeof shootingInvoice>;

export const generateShootingInvoice = /* @__PURE__ */ defineOperation(() => ({
  id: 'generateShootingInvoice',
  area: 'shootings',
  method: 'POST',
  path: '/api/shootings/{shooting_id}/invoice',
  access: ADMIN_WRITERS,
  summary:
    "The invoice of a billable shooting (422 otherwise): its number, given once on the first call and kept after, the broker, the address, one line per package and service with the catalogue's prices, GST, QST and total. The web draws it as a PDF.",
  input: z.object({ shooting_id: shootingId }),
  output: viewAnswer.extend({ invoice: shootingInvoice }),
  resources: ['table'],
}));

/** What the notarized invoice adds (docs/decisions/0555): the sold listing's MLS number, sale date and notary date. */
export const invoiceNotary = /* @__PURE__ */ schema(() => z.object({ mls: z.string().nullable(), date_sold: z.string().nullable(), date_notarized: z.string() }));
export type InvoiceNotary = z.infer<typeof invoiceNotary>;

export const generateNotarizedInvoice = /* @__PURE__ */ defineOperation(() => ({
  id: 'generateNotarizedInvoice',
  area: 'shootings',
  method: 'POST',
  path: '/api/shootings/{shooting_id}/invoice/notarized',
  access: ADMIN_WRITERS,
  summary:
    "Part 3 §7 'notarized invoice' (docs/decisions/0555): the shooting's invoice (the same number, lines, taxes and total as generateShootingInvoice) made payable at the notary's closing, with the listing's MLS number, sale date and notary date. 422 when the shooting is not billable, or its listing is not sold or has no notary date.",
  input: z.object({ shooting_id: shootingId }),
  output: viewAnswer.extend({ invoice: shootingInvoice, notary: invoiceNotary }),
  resources: ['table'],
}));

export const updateShootingCompletion = /* @__PURE__ */ defineOperation(() => ({
  id: 'updateShootingCompletion',
  area: 'shootings',
  method: 'PUT',
  path: '/api/shootings/{shooting_id}/completion',
  access: DIALOG_WRITERS,
  summary: "'Marquer comme complet' / 'Marquer comme incomplet': whether all the shooting's services are delivered; 409 when the version is stale.",
  input: z.object({ shooting_id: shootingId, version, all_services_delivered: z.boolean() }),
  output: viewAnswer,
  resources: ['table'],
}));

export const updateShootingSaisieSource = /* @__PURE__ */ defineOperation(() => ({
  id: 'updateShootingSaisieSource',
  area: 'shootings',
  method: 'PUT',
  path: '/api/shootings/saisie-source',
  access: DIALOG_WRITERS,
  summary:
    "Sets the saisie-à-la-source flag of shootings, all or none: each must have the 'Picture Upload' service (422 otherwise) and still be at the version named (409 otherwise).",
  input: z.object({
    shootings: z.array(z.object({ id: z.number().int().positive(), version })).min(1).max(25),
    is_completed: z.boolean(),
  }),
  output: z.object({ data: z.array(shootingAdminView) }),
  resources: ['table'],
}));

export const assignSDCard = /* @__PURE__ */ defineOperation(() => ({
  id: 'assignSDCard',
  area: 'shootings',
  method: 'PUT',
  path: '/api/shootings/{shooting_id}/sd-card',
  access: DIALOG_WRITERS,
  summary: 'The SD card (its label) holding the shooting; a blank text clears it; 409 when the version is stale.',
  input: z.object({ shooting_id: shootingId, version, sd_card: z.string().trim().max(40, 'Too long.') }),
  output: viewAnswer,
  resources: ['table'],
}));

export const updateShootingNote = /* @__PURE__ */ defineOperation(() => ({
  id: 'updateShootingNote',
  area: 'shootings',
  method: 'PUT',
  path: '/api/shootings/{shooting_id}/note',
  access: DIALOG_WRITERS,
  summary: "The shooting's general note (part 3: the note-edit button is enabled only when the text is not blank); 409 when the version is stale.",
  input: z.object({ shooting_id: shootingId, version, general_notes: noteText.min(1, SHOOTING_ADMIN_MESSAGES.noteRequired) }),
  output: viewAnswer,
  resources: ['table'],
}));

export const setShootingNotes = /* @__PURE__ */ defineOperation(() => ({
  id: 'setShootingNotes',
  area: 'shootings',
  method: 'PUT',
  path: '/api/shootings/{shooting_id}/notes',
  access: DIALOG_WRITERS,
  summary: "The technician's note and the post-production notes together (blank clears one); 409 when the version is stale.",
  input: z.object({ shooting_id: shootingId, version, tech_note: noteText, post_prod_notes: noteText }),
  output: viewAnswer,
  resources: ['table'],
}));

export const fetchExtraServices = /* @__PURE__ */ defineOperation(() => ({
  id: 'fetchExtraServices',
  area: 'shootings',
  method: 'GET',
  path: '/api/shootings/{shooting_id}/extra-services',
  access: PLANNER_ROLES,
  summary:
    "The services one may add to a shooting: available catalogue offers it does not have yet (those requiring an MLS number only when the listing has one or already existed). The server reads the broker's terms from the shooting.",
  input: z.object({ shooting_id: shootingId }),
  output: z.object({ services: z.array(shootingService) }),
  resources: ['table'],
  writes: [],
}));

export const addServiceToShooting = /* @__PURE__ */ defineOperation(() => ({
  id: 'addServiceToShooting',
  area: 'shootings',
  method: 'POST',
  path: '/api/shootings/{shooting_id}/services',
  access: ADMIN_WRITERS,
  summary: 'Adds one of the extra services (fetchExtraServices) to a shooting: 400 when it is not one of them, 409 when the version is stale.',
  input: z.object({ shooting_id: shootingId, version, service_offer_id: z.number().int().positive() }),
  output: viewAnswer.extend({ status: z.literal(200), message: z.string() }),
  resources: ['table'],
}));

export const assignPostProdTech = /* @__PURE__ */ defineOperation(() => ({
  id: 'assignPostProdTech',
  area: 'shootings',
  method: 'PUT',
  path: '/api/shootings/{shooting_id}/pp-tech',
  access: PP_ASSIGNERS,
  summary: "Assigns the shooting's post-production technician (role 5 or 8, not suspended; null takes it back); 409 when the version is stale.",
  input: z.object({ shooting_id: shootingId, version, pp_tech_id: z.number().int().positive().nullable() }),
  output: viewAnswer,
  resources: ['table'],
}));
