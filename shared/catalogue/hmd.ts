import * as z from '../zod.ts';
import { HMD_ROLES } from '../roles.ts';
import { defineOperation } from './operation.ts';
import { schema } from '#shared/schema.ts';

/**
 * Head-mounted devices (VR headsets), part 2 §2 "Head-mounted devices", §3, §4, §5, §7 and §8.
 * Every call is open to the roles of the /HmdList route (1, 2, 4, 5, 8, 12): the spec shows no
 * finer gating of the HMD actions (part 2 §6); getHMDsByUserId also answers any user about their
 * own headsets. Choices made where the spec is silent: docs/decisions/0130-hmd-headsets.md.
 */

/** The most headsets the list reads (one bounded index Query; search and sort happen on that set). */
export const HMD_LIST_MAX = 5000;
export const HMD_USER_SEARCH_LIMIT = 20;
/** The longest serial number; the register field stops there. */
export const HMD_SERIAL_MAX = 64;

/** Field messages (English; the screen shows its own translation for each). */
export const HMD_MESSAGES = {
  serialRequired: 'Enter the serial number.',
  serialFormat: `A serial number has letters, digits, spaces, dots, hyphens, slashes or underscores (at most ${HMD_SERIAL_MAX}).`,
} as const;

export const HMD_SORT_COLUMNS = ['serial_number', 'city', 'postalcode', 'user', 'notes', 'id'] as const;
export type HmdSortColumn = (typeof HMD_SORT_COLUMNS)[number];

const id = /* @__PURE__ */ schema(() => z.coerce.number().int().positive());
const userId = /* @__PURE__ */ schema(() => z.coerce.number().int().positive());
/** The version the caller read: a write based on an older one answers 409 (no lost update). */
const version = /* @__PURE__ */ schema(() => z.coerce.number().int().positive());

const serialNumber = /* @__PURE__ */ schema(() => z
  .string(HMD_MESSAGES.serialRequired)
  .trim()
  .min(1, HMD_MESSAGES.serialRequired)
  .max(HMD_SERIAL_MAX, HMD_MESSAGES.serialFormat)
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} ._/-]*$/u, HMD_MESSAGES.serialFormat));

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

export const hmdUser = /* @__PURE__ */ schema(() => z.object({ id: z.number().int(), firstname: z.string(), lastname: z.string(), email: z.string() }));
export type HmdUser = z.infer<typeof hmdUser>;

export const hmdView = /* @__PURE__ */ schema(() => z.object({
  id: z.number().int(),
  serial_number: z.string(),
  city: z.string().nullable(),
  postalcode: z.string().nullable(),
  user_id: z.number().int().nullable(),
  /** The assigned user as they are now (null when unassigned, or when that user no longer exists). */
  user: hmdUser.nullable(),
  notes: z.string(),
  version: z.number().int(),
  updated_at: z.string(),
}));
export type HmdView = z.infer<typeof hmdView>;

export const hmdList = /* @__PURE__ */ defineOperation(() => ({
  id: 'hmdList',
  area: 'hmd',
  method: 'GET',
  path: '/api/hmds',
  access: HMD_ROLES,
  summary:
    'The headsets whose serial number, city, postal code, notes or user (name, e-mail) contain the search text (case and accents ignored), sorted by a column (default serial_number ascending).',
  input: z.object({
    search: z.string().trim().max(100).default(''),
    sort: z.enum(HMD_SORT_COLUMNS).default('serial_number'),
    direction: z.enum(['asc', 'desc']).default('asc'),
  }),
  output: z.object({ result: z.array(hmdView) }),
  resources: ['table'],
  writes: [],
}));

export const registerHmd = /* @__PURE__ */ defineOperation(() => ({
  id: 'registerHmd',
  area: 'hmd',
  method: 'POST',
  path: '/api/hmds',
  access: HMD_ROLES,
  summary: 'Registers a headset by its serial number, unassigned; 409 when a headset has that serial number (case ignored).',
  input: z.object({ serial_number: serialNumber }),
  output: z.object({ status: z.literal(200), hmd: hmdView }),
  resources: ['table'],
}));

export const editHmd = /* @__PURE__ */ defineOperation(() => ({
  id: 'editHmd',
  area: 'hmd',
  method: 'PUT',
  path: '/api/hmds/{id}',
  access: HMD_ROLES,
  summary:
    'Edits a headset: the user it is assigned to (null: unassigned), notes, and optionally city and postal code. `version` is the one read; 409 when the headset changed since.',
  input: z.object({
    id,
    version,
    user_id: userId.nullable(),
    notes: z.string().trim().max(2000).default(''),
    city: optionalText(100),
    postalcode: optionalText(10),
  }),
  output: z.object({ hmd: hmdView }),
  resources: ['table'],
}));

export const assignHmd = /* @__PURE__ */ defineOperation(() => ({
  id: 'assignHmd',
  area: 'hmd',
  method: 'PUT',
  path: '/api/hmds/{id}/assign',
  access: HMD_ROLES,
  summary: 'Assigns a headset to a user (reassigns it when assigned); with `version`, 409 when it changed since it was read.',
  input: z.object({ id, user_id: userId, version: version.optional() }),
  output: z.object({ hmd: hmdView }),
  resources: ['table'],
}));

export const unassignHmd = /* @__PURE__ */ defineOperation(() => ({
  id: 'unassignHmd',
  area: 'hmd',
  method: 'POST',
  path: '/api/hmds/unassign',
  access: HMD_ROLES,
  summary: 'Unassigns the headset of this serial number; 409 when it is not assigned, or (with `version`) when it changed since it was read.',
  input: z.object({ serial_number: serialNumber, version: version.optional() }),
  output: z.object({ hmd: hmdView }),
  resources: ['table'],
}));

export const deleteHmd = /* @__PURE__ */ defineOperation(() => ({
  id: 'deleteHmd',
  area: 'hmd',
  method: 'DELETE',
  path: '/api/hmds/{id}',
  access: HMD_ROLES,
  summary: 'Deletes an unassigned headset (and frees its serial number); 409 while it is assigned: unassign it first.',
  input: z.object({ id, version: version.optional() }),
  output: z.object({ status: z.literal(200) }),
  resources: ['table'],
}));

export const getHMDsByUserId = /* @__PURE__ */ defineOperation(() => ({
  id: 'getHMDsByUserId',
  area: 'hmd',
  method: 'GET',
  path: '/api/hmds/users/{user_id}',
  access: 'authenticated',
  summary: "The headsets assigned to a user, by serial number. Anyone may ask about themselves; the HMD roles about anyone (others' answer 404).",
  input: z.object({ user_id: userId }),
  output: z.object({ status: z.literal(200), hmds: z.array(hmdView) }),
  resources: ['table'],
  writes: [],
}));

export const searchHmdUsers = /* @__PURE__ */ defineOperation(() => ({
  id: 'searchHmdUsers',
  area: 'hmd',
  method: 'GET',
  path: '/api/hmds/user-search',
  access: HMD_ROLES,
  summary: `Users search for HMD assignment: users (not suspended) whose name or e-mail contains the text (case and accents ignored), by last name, at most ${HMD_USER_SEARCH_LIMIT}.`,
  input: z.object({ text: z.string().trim().min(2).max(100) }),
  output: z.object({ result: z.array(hmdUser) }),
  resources: ['table'],
  writes: [],
}));
