import * as z from '../zod.ts';
import { ADMIN_ROLES, hasTechnicianFields, Role, USER_SCREEN_ROLES } from '../roles.ts';
import { Subscription } from '../enums.ts';
import { PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH } from '../rules/password.ts';
import { isPhoneNumber, PHONE_MAX_LENGTH, PHONE_MESSAGE } from '../rules/phone-number.ts';
import { defineOperation } from './operation.ts';
import { shootingView } from './shootings.ts';
import { USER_MESSAGES } from '../messages/users.ts';
import { USERS_PER_ROLE_MAX } from '../entities/user.ts';
import { schema } from '#shared/schema.ts';

export { USER_MESSAGES };

/**
 * Users, part 2 §2 "User list and user form", §3 "User (admin form)", §5 "Users", §6 and §7
 * "Users". Every call is open to the roles of the /users routes (1, 2, 4, 5, 8, 10, 12; one list,
 * USER_SCREEN_ROLES); outside the admin levels a caller reads and edits only their own user and
 * never the admin-level fields. Choices made where the spec is silent: docs/decisions/0150.
 */

/** The role choices of the user form, in the spec's order (part 2 §3 "Role choices in the user form"). */
export const FORM_ROLES = [Role.broker, Role.tech_capture, Role.tech_postprod, Role.client, Role.tech_injector, Role.tech_postprod_lead, Role.admin, Role.social_medias, Role.sales] as const;

export { USERS_PER_ROLE_MAX };
/** The most shootings a user's shooting list answers (newest first). */
export const USER_SHOOTINGS_MAX = 500;

/** An e-mail address: something@domain.tld, no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const email = /* @__PURE__ */ schema(() => z.string(USER_MESSAGES.required).trim().max(320).regex(EMAIL_PATTERN, USER_MESSAGES.email));
const requiredText = (max: number) => z.string(USER_MESSAGES.required).trim().min(1, USER_MESSAGES.required).max(max);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .default(null)
    .transform((v) => (v ? v : null));
const phone = /* @__PURE__ */ schema(() => z.string().trim().max(PHONE_MAX_LENGTH, { abort: true }).refine(isPhoneNumber, PHONE_MESSAGE));
const optionalPhone = /* @__PURE__ */ schema(() => optionalText(PHONE_MAX_LENGTH).refine((v) => v === null || isPhoneNumber(v), PHONE_MESSAGE));
const ids = /* @__PURE__ */ schema(() => z.array(z.coerce.number().int().positive()).max(100).default([]));
const optionalId = /* @__PURE__ */ schema(() => z.coerce.number().int().positive().nullable().default(null));

/** A broker's subscription choices (part 3 §3 Broker.subscription_id, §9 ids; ADR 0305), in the enum's order. */
export const SUBSCRIPTION_IDS: readonly number[] = Object.values(Subscription);
const subscriptionId = /* @__PURE__ */ schema(() => z.coerce
  .number(USER_MESSAGES.subscription)
  .int(USER_MESSAGES.subscription)
  .refine((v) => SUBSCRIPTION_IDS.includes(v), USER_MESSAGES.subscription)
  .nullable()
  .default(null));

/**
 * The user form's fields (part 2 §3), strings trimmed. Role-dependent rules (§5): roles 4 and 5
 * need a depot, a main zone, at least one shooting package and one service offer.
 */
export const userFieldsObject = /* @__PURE__ */ schema(() => z.object({
  firstname: requiredText(100),
  lastname: requiredText(100),
  email: z.string(USER_MESSAGES.required).trim().min(1, USER_MESSAGES.required).pipe(email),
  phone_number: optionalPhone,
  role: z.coerce.number(USER_MESSAGES.role).int(USER_MESSAGES.role).min(1, USER_MESSAGES.role).max(12, USER_MESSAGES.role),
  gf_clause: z.boolean().default(false),
  enable_threesixty_video: z.boolean().default(false),
  suspended: z.boolean().default(false),
  freelance: z.boolean().default(false),
  notification_email: z.array(email).max(10).default([]),
  notification_phone_number: z.array(phone).max(10).default([]),
  broker_code: optionalText(40),
  note_about_broker: optionalText(2000),
  team_id: optionalId,
  franchise_id: optionalId,
  pixel_id: optionalText(100),
  depot_id: optionalId,
  zone_id: optionalId,
  backupZones: ids,
  service_offers: ids,
  shooting_packages: ids,
  /** A broker's subscription (role 3 only; null: none): decides the picture types (ADR 0276, 0305). */
  subscription_id: subscriptionId,
}));

type FieldsIn = z.output<typeof userFieldsObject>;

/**
 * How many backup zones, service offers and shooting packages a user may hold together: a save
 * writes one piece per newly held item in one transaction with the user, the e-mail guards and the
 * depots' counters, and DynamoDB takes at most 100 pieces (more was a 500).
 */
export const USER_REFERENCES_MAX = 90;

const checkReferenceCount = (v: Pick<FieldsIn, 'backupZones' | 'service_offers' | 'shooting_packages'>, ctx: { addIssue(issue: { code: 'custom'; path: string[]; message: string }): void }) => {
  const held = new Set(v.backupZones).size + new Set(v.service_offers).size + new Set(v.shooting_packages).size;
  if (held > USER_REFERENCES_MAX) ctx.addIssue({ code: 'custom', path: ['backupZones'], message: USER_MESSAGES.tooManyReferences });
};

/** §5: roles 4 and 5 require depot, main zone, packages and offers. */
export function technicianFieldProblems(v: Pick<FieldsIn, 'role' | 'depot_id' | 'zone_id' | 'service_offers' | 'shooting_packages'>): Array<{ path: string; message: string }> {
  if (!hasTechnicianFields(v.role)) return [];
  return [
    ...(v.depot_id === null ? [{ path: 'depot_id', message: USER_MESSAGES.required }] : []),
    ...(v.zone_id === null ? [{ path: 'zone_id', message: USER_MESSAGES.required }] : []),
    ...(v.shooting_packages.length === 0 ? [{ path: 'shooting_packages', message: USER_MESSAGES.atLeastOne }] : []),
    ...(v.service_offers.length === 0 ? [{ path: 'service_offers', message: USER_MESSAGES.atLeastOne }] : []),
  ];
}

const checkTechnicianFields = (v: FieldsIn, ctx: { addIssue(issue: { code: 'custom'; path: string[]; message: string }): void }) => {
  for (const p of technicianFieldProblems(v)) ctx.addIssue({ code: 'custom', path: [p.path], message: p.message });
};

const passwordFields = {
  password: z.string(PASSWORD_MESSAGES.tooShort).min(PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES.tooShort).max(1024),
  confirmation: z.string(PASSWORD_MESSAGES.mismatch).max(1024),
};

/** createUser's input: the fields, the password and its confirmation (both required, §5). */
export const createUserInput = /* @__PURE__ */ schema(() => userFieldsObject
  .extend(passwordFields)
  .superRefine(checkTechnicianFields)
  .superRefine(checkReferenceCount)
  .refine((v) => v.password === v.confirmation, { path: ['confirmation'], message: PASSWORD_MESSAGES.mismatch }));

/**
 * putUserData's input: the user's id, the version the form read, and the fields. The technician
 * fields' requirement (§5) is not in the schema: it depends on the caller. An admin-level save is
 * held to it (the handler checks the record with `technicianFieldProblems`, the form likewise); a
 * non-admin's save keeps those fields as stored and is not refused for fields it neither sees nor
 * changes (ADR 0150).
 */
export const putUserInput = /* @__PURE__ */ schema(() => userFieldsObject.extend({ id: z.coerce.number().int().positive(), version: z.coerce.number().int().positive() }).superRefine(checkReferenceCount));

export const userListEntry = /* @__PURE__ */ schema(() => z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
  role: z.number().int(),
  suspended: z.boolean(),
  /** The franchise's name (shown in the list), null without one. */
  franchise: z.string().nullable(),
}));
export type UserListEntry = z.infer<typeof userListEntry>;

export const userData = /* @__PURE__ */ schema(() => z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
  role: z.number().int(),
  gf_clause: z.boolean(),
  enable_threesixty_video: z.boolean(),
  suspended: z.boolean(),
  freelance: z.boolean(),
  notification_email: z.array(z.string()),
  notification_phone_number: z.array(z.string()),
  broker_code: z.string().nullable(),
  note_about_broker: z.string().nullable(),
  team_id: z.number().int().nullable(),
  franchise_id: z.number().int().nullable(),
  pixel_id: z.string().nullable(),
  depot_id: z.number().int().nullable(),
  zone_id: z.number().int().nullable(),
  backupZones: z.array(z.number().int()),
  service_offers: z.array(z.number().int()),
  shooting_packages: z.array(z.number().int()),
  subscription_id: z.number().int().nullable(),
  /** The zones (main: backup false) as part 2 §3 "Read from server" names them. */
  userZones: z.array(z.object({ zone_id: z.number().int(), backup: z.boolean() })),
  userServiceOffers: z.array(z.object({ service_offer_id: z.number().int() })),
  userShootingPackages: z.array(z.object({ shooting_package_id: z.number().int() })),
  franchise: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The version read: putUserData sends it back (409 when the user changed meanwhile). */
  version: z.number().int(),
}));
export type UserData = z.infer<typeof userData>;

const userId = /* @__PURE__ */ schema(() => z.coerce.number().int().positive());

export const getUsers = /* @__PURE__ */ defineOperation(() => ({
  id: 'getUsers',
  area: 'users',
  method: 'GET',
  path: '/api/users',
  access: USER_SCREEN_ROLES,
  summary: `Every user, or those of one role, by last name (the user list; the name search runs in the screen). At most ${USERS_PER_ROLE_MAX} per role.`,
  input: z.object({ role: z.coerce.number().int().min(1).max(12).optional() }),
  output: z.object({ data: z.array(userListEntry) }),
  resources: ['table'],
  writes: [],
}));

export const getUserData = /* @__PURE__ */ defineOperation(() => ({
  id: 'getUserData',
  area: 'users',
  method: 'GET',
  path: '/api/users/{id}',
  access: USER_SCREEN_ROLES,
  summary: "One user with userZones, userServiceOffers and userShootingPackages; outside the admin levels only the caller's own (404 otherwise).",
  input: z.object({ id: userId }),
  output: z.object({ data: userData }),
  resources: ['table'],
  writes: [],
}));

export const createUser = /* @__PURE__ */ defineOperation(() => ({
  id: 'createUser',
  area: 'users',
  method: 'POST',
  path: '/api/users',
  access: ADMIN_ROLES,
  summary:
    "Creates a user (strings trimmed; roles 4 and 5 with depot, main zone, packages and offers); 409 \"L'usager existe déjà.\" when the e-mail is taken (a unique e-mail guard written in the same transaction). Role 1 cannot be given.",
  input: createUserInput,
  output: z.object({ status: z.literal(200), message: z.string(), data: userData }),
  resources: ['table'],
}));

export const putUserData = /* @__PURE__ */ defineOperation(() => ({
  id: 'putUserData',
  area: 'users',
  method: 'PUT',
  path: '/api/users/{id}',
  access: USER_SCREEN_ROLES,
  summary:
    'Saves a user from the version read (409 when it changed meanwhile, or when the new e-mail is taken). Admin levels edit users of their rank or below; others only themselves and not the admin-level fields. A role change or a suspension ends the user\'s live sessions at once.',
  input: putUserInput,
  output: z.object({ status: z.literal(200), message: z.string(), data: userData }),
  resources: ['table'],
}));

export const teamOption = /* @__PURE__ */ schema(() => z.object({ id: z.number().int(), name: z.string() }));

export const getBrokerTeam = /* @__PURE__ */ defineOperation(() => ({
  id: 'getBrokerTeam',
  area: 'users',
  method: 'GET',
  path: '/api/broker-teams',
  access: USER_SCREEN_ROLES,
  summary: 'The teams and franchises the user form offers, by name.',
  input: z.object({}),
  output: z.object({ teams: z.array(teamOption), franchises: z.array(teamOption) }),
  resources: ['table'],
  writes: [],
}));

const userShootings = {
  input: z.object({ id: userId }),
  output: z.object({ data: z.array(shootingView) }),
  resources: ['table'] as const,
  writes: [] as const,
};

export const getAllShootingsOfTech = /* @__PURE__ */ defineOperation(() => ({
  id: 'getAllShootingsOfTech',
  area: 'users',
  method: 'GET',
  path: '/api/users/{id}/tech-shootings',
  access: USER_SCREEN_ROLES,
  summary: `The shootings assigned to a capture technician, newest first (at most ${USER_SHOOTINGS_MAX}); outside the admin levels only the caller's own.`,
  ...userShootings,
}));

export const getAllShootingsOfBroker = /* @__PURE__ */ defineOperation(() => ({
  id: 'getAllShootingsOfBroker',
  area: 'users',
  method: 'GET',
  path: '/api/users/{id}/broker-shootings',
  access: USER_SCREEN_ROLES,
  summary: `A broker's shootings, newest first (at most ${USER_SHOOTINGS_MAX}); outside the admin levels only the caller's own.`,
  ...userShootings,
}));
