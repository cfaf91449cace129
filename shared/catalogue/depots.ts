import * as z from '../zod.ts';
import { ADMIN_ROLES } from '../roles.ts';
import { depotRecord } from '../entities/depot.ts';
import { defineOperation } from './operation.ts';
import { DEPOT_MESSAGES } from '../messages/depots.ts';
import { schema } from '#shared/schema.ts';

export { DEPOT_MESSAGES };

/**
 * Depots (part 2 §2 "Depots", §3, §5, §7 "Depots and zones", §8): GET depots, POST depot (create,
 * answers the depot with its id), PUT depot (modify), POST removeDepot (id). Administrators only
 * (the route table's roles 1, 2). Choices where the spec is silent: docs/decisions/0145.
 */

/** A depot id: digits only, in a path or a body ('1e3', '0x10', ' 7' answer 400, as the route /depots/edit/{id} takes digits only). */
const id = /* @__PURE__ */ schema(() => z.union([z.number(), z.string().regex(/^\d{1,12}$/, 'An id is digits only.').transform(Number)]).pipe(z.number().int().positive()));
/** The version the editor read: a write over a newer one answers 409 (no lost update). */
const version = /* @__PURE__ */ schema(() => z.coerce.number().int().positive());

/**
 * The legacy form sends lat and lng as text (§5): a number or a numeric text, never a blank. The
 * decimal separator is a point or, as the French list shows them ('45,5017'), one comma; anything
 * else (two separators, a thousands space, an exponent, a blank) is refused.
 */
const coordinate = (limit: number, message: string) =>
  z
    .union([z.number(message), z.string(message).trim().regex(/^[-+]?\d+([.,]\d+)?$/, message).transform((text) => Number(text.replace(',', '.')))])
    .pipe(z.number().min(-limit, message).max(limit, message));

/** The longest civic number, street and city a depot keeps (the form's inputs stop there too). */
export const DEPOT_MAX_LENGTH = { civic_number: 20, street: 200, city: 100 } as const;

/** What the form sends (create and modify): civic number, street, city, lat, lng (§7 payload). Strings are trimmed. */
export const depotFields = /* @__PURE__ */ schema(() => z.object({
  civic_number: z.string(DEPOT_MESSAGES.civicNumber).trim().max(DEPOT_MAX_LENGTH.civic_number, DEPOT_MESSAGES.civicNumber).default(''),
  street: z.string(DEPOT_MESSAGES.streetRequired).trim().min(1, DEPOT_MESSAGES.streetRequired).max(DEPOT_MAX_LENGTH.street, DEPOT_MESSAGES.streetRequired),
  city: z.string(DEPOT_MESSAGES.cityRequired).trim().min(1, DEPOT_MESSAGES.cityRequired).max(DEPOT_MAX_LENGTH.city, DEPOT_MESSAGES.cityRequired),
  lat: coordinate(90, DEPOT_MESSAGES.lat),
  lng: coordinate(180, DEPOT_MESSAGES.lng),
}));
export type DepotFields = z.output<typeof depotFields>;

export const depotView = /* @__PURE__ */ schema(() => depotRecord.extend({ version: z.number().int() }));
export type DepotView = z.infer<typeof depotView>;

export const getDepots = /* @__PURE__ */ defineOperation(() => ({
  id: 'getDepots',
  area: 'depots',
  method: 'GET',
  path: '/api/depots',
  access: ADMIN_ROLES,
  summary: 'Every depot, by id (the list screen searches it by street or civic number; the user form picks from it).',
  input: z.object({}),
  output: z.object({ depots: z.array(depotView) }),
  resources: ['table'],
  writes: [],
}));

export const getDepot = /* @__PURE__ */ defineOperation(() => ({
  id: 'getDepot',
  area: 'depots',
  method: 'GET',
  path: '/api/depots/{id}',
  access: ADMIN_ROLES,
  summary: 'One depot with its version (the edit form); 404 when absent.',
  input: z.object({ id }),
  output: z.object({ depot: depotView }),
  resources: ['table'],
  writes: [],
}));

export const createDepot = /* @__PURE__ */ defineOperation(() => ({
  id: 'createDepot',
  area: 'depots',
  method: 'POST',
  path: '/api/depots',
  access: ADMIN_ROLES,
  summary: 'Creates a depot; answers it with its id.',
  input: depotFields,
  output: z.object({ depot: depotView }),
  resources: ['table'],
}));

export const updateDepot = /* @__PURE__ */ defineOperation(() => ({
  id: 'updateDepot',
  area: 'depots',
  method: 'PUT',
  path: '/api/depots/{id}',
  access: ADMIN_ROLES,
  summary: 'Replaces a depot’s address and position; `version` is the one read (409 when it changed meanwhile).',
  input: depotFields.extend({ id, version }),
  output: z.object({ depot: depotView }),
  resources: ['table'],
}));

export const removeDepot = /* @__PURE__ */ defineOperation(() => ({
  id: 'removeDepot',
  area: 'depots',
  method: 'POST',
  path: '/api/depots/{id}/remove',
  access: ADMIN_ROLES,
  summary: `Deletes a depot; 409 '${DEPOT_MESSAGES.referenced}' while a user names it (and, with \`version\`, when it changed since it was read).`,
  input: z.object({ id, version: version.optional() }),
  output: z.object({ status: z.literal(200), id: z.number().int() }),
  resources: ['table'],
}));
