import type { userFieldsObject } from '#shared/catalogue/users.ts';
import { FORM_ROLES, technicianFieldProblems, USER_MESSAGES, type UserData } from '#shared/catalogue/users.ts';
import type { SessionUser } from '#shared/catalogue/session.ts';
import type { UserRecord } from '#shared/entities/user.ts';
import { ZoneType } from '#shared/enums.ts';
import { hasTechnicianFields, isAdminLevel, Role } from '#shared/roles.ts';
import { passwordRank } from '#shared/rules/session.ts';
import type * as z from '#shared/zod.ts';
import { forbidden, invalidInput, notFound } from '../plumbing/errors.ts';
import { listBrokerTeams } from '../storage/broker-teams.ts';
import { listServiceOffers } from '../storage/service-offers.ts';
import { listShootingPackages } from '../storage/shooting-packages.ts';
import { getUser, type StoredUser } from '../storage/users.ts';
import { listZones } from '../storage/zones.ts';

/**
 * The user form's rules beyond the input schema (part 2 §5, §6; docs/decisions/0150): who may
 * read and edit whom, which fields a role keeps, and that every id the form names exists.
 */
export type UserFields = z.output<typeof userFieldsObject>;

/** The fields only the admin levels set (part 2 §6); another caller's save keeps them as stored. */
const ADMIN_FIELDS = [
  'role',
  'depot_id',
  'zone_id',
  'backupZones',
  'shooting_packages',
  'service_offers',
  'freelance',
  'note_about_broker',
  'team_id',
  'franchise_id',
  'broker_code',
  'gf_clause',
  'enable_threesixty_video',
  'suspended',
  'subscription_id',
] as const satisfies ReadonlyArray<keyof UserFields>;

/**
 * The user a caller may read or edit: admin levels anyone (an admin editing a superadmin gets 403
 * on the write, see `assertMayWrite`); any other caller only themselves (404 otherwise, as if absent).
 */
export async function readableUser(caller: SessionUser, id: number): Promise<StoredUser> {
  if (caller.id !== id && !isAdminLevel(caller.role)) throw notFound('User not found.');
  const user = await getUser(id);
  if (!user) throw notFound('User not found.');
  return user;
}

/** No one changes a user above their level (rank: superadmin, admin, every other role). */
export function assertMayWrite(caller: SessionUser, target: Pick<UserRecord, 'id' | 'role'>): void {
  if (caller.id !== target.id && passwordRank(target.role) < passwordRank(caller.role)) throw forbidden(USER_MESSAGES.aboveYourLevel);
}

/**
 * The record to store from the form's fields: a non-admin caller's admin-level fields stay as
 * stored; a role outside the form's choices is refused unless it is the user's own already
 * (the superadmin keeps role 1); a caller never changes their own role or suspension; the
 * technician fields are emptied for roles other than 4 and 5, the subscription for roles other
 * than broker (ADR 0305); backup zones lose the main zone and repeats.
 */
export function nextRecord(caller: SessionUser, fields: UserFields, stored: StoredUser | undefined): Omit<UserRecord, 'id' | 'created_at' | 'updated_at'> {
  const merged: UserFields = { ...fields };
  if (stored && !isAdminLevel(caller.role)) for (const key of ADMIN_FIELDS) Object.assign(merged, { [key]: stored[key] });
  if (!(FORM_ROLES as readonly number[]).includes(merged.role) && merged.role !== stored?.role) throw invalidInput({ role: [USER_MESSAGES.role] });
  if (stored && caller.id === stored.id && (merged.role !== stored.role || merged.suspended !== stored.suspended)) {
    throw invalidInput({ [merged.role !== stored.role ? 'role' : 'suspended']: [USER_MESSAGES.notYourself] });
  }
  const technician = hasTechnicianFields(merged.role);
  return {
    ...merged,
    depot_id: technician ? merged.depot_id : null,
    zone_id: technician ? merged.zone_id : null,
    backupZones: technician ? [...new Set(merged.backupZones)].filter((z) => z !== merged.zone_id) : [],
    service_offers: technician ? [...new Set(merged.service_offers)] : [],
    shooting_packages: technician ? [...new Set(merged.shooting_packages)] : [],
    freelance: technician && merged.freelance,
    broker_facebook_business_page: stored?.broker_facebook_business_page ?? null,
    picture_url: stored?.picture_url ?? null,
    subscription_id: merged.role === Role.broker ? merged.subscription_id : null,
    home: stored?.home ?? null,
  };
}

/**
 * §5 on a save: roles 4 and 5 need a depot, a main zone, a package and an offer (400 on each
 * field missing). Only an admin-level caller is held to it: they are the ones who see and set
 * those fields. Another caller's save keeps them as stored (`nextRecord`), so it is not refused for
 * fields the form does not show them (the seeded post-production technician has none).
 */
export function assertTechnicianFields(caller: SessionUser, record: Pick<UserRecord, 'role' | 'depot_id' | 'zone_id' | 'service_offers' | 'shooting_packages'>): void {
  if (!isAdminLevel(caller.role)) return;
  const problems = technicianFieldProblems(record);
  if (problems.length) throw invalidInput(Object.fromEntries(problems.map((p) => [p.path, [p.message]])));
}

/**
 * 400 with a message per field when a zone (photoshoot zones only: the planning engine's), offer,
 * package, team or franchise named does not exist. The depot is checked by the write itself
 * (its counter piece requires the depot; ADR 0145).
 */
export async function checkReferences(r: Pick<UserRecord, 'zone_id' | 'backupZones' | 'service_offers' | 'shooting_packages' | 'team_id' | 'franchise_id'>, stored?: StoredUser): Promise<void> {
  const unchanged = (key: 'zone_id' | 'backupZones' | 'service_offers' | 'shooting_packages' | 'team_id' | 'franchise_id') => stored !== undefined && JSON.stringify(stored[key]) === JSON.stringify(r[key]);
  const fields: Record<string, string[]> = {};
  const zoneIds = r.zone_id === null ? r.backupZones : [r.zone_id, ...r.backupZones];
  const [zones, offers, packages, teams] = await Promise.all([
    zoneIds.length && !(unchanged('zone_id') && unchanged('backupZones')) ? listZones(ZoneType.photoshoot) : undefined,
    r.service_offers.length && !unchanged('service_offers') ? listServiceOffers() : undefined,
    r.shooting_packages.length && !unchanged('shooting_packages') ? listShootingPackages() : undefined,
    (r.team_id !== null && !unchanged('team_id')) || (r.franchise_id !== null && !unchanged('franchise_id')) ? listBrokerTeams() : undefined,
  ]);
  const missing = (wanted: readonly number[], known: ReadonlyArray<{ id: number }>) => wanted.some((id) => !known.some((k) => k.id === id));
  if (zones && r.zone_id !== null && missing([r.zone_id], zones)) fields.zone_id = [USER_MESSAGES.unknownZone];
  if (zones && missing(r.backupZones, zones)) fields.backupZones = [USER_MESSAGES.unknownZone];
  if (offers && missing(r.service_offers, offers)) fields.service_offers = [USER_MESSAGES.unknownOffer];
  if (packages && missing(r.shooting_packages, packages)) fields.shooting_packages = [USER_MESSAGES.unknownPackage];
  if (teams && r.team_id !== null && missing([r.team_id], teams.teams)) fields.team_id = [USER_MESSAGES.unknownTeam];
  if (teams && r.franchise_id !== null && missing([r.franchise_id], teams.franchises)) fields.franchise_id = [USER_MESSAGES.unknownFranchise];
  if (Object.keys(fields).length) throw invalidInput(fields);
}

/** What getUserData answers (part 2 §3 "Read from server"). */
export async function userDataView(user: StoredUser): Promise<UserData> {
  const franchise = user.franchise_id === null ? null : ((await listBrokerTeams()).franchises.find((f) => f.id === user.franchise_id) ?? null);
  return {
    id: user.id,
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    phone_number: user.phone_number,
    role: user.role,
    gf_clause: user.gf_clause,
    enable_threesixty_video: user.enable_threesixty_video,
    suspended: user.suspended,
    freelance: user.freelance,
    notification_email: user.notification_email,
    notification_phone_number: user.notification_phone_number,
    broker_code: user.broker_code,
    note_about_broker: user.note_about_broker,
    team_id: user.team_id,
    franchise_id: user.franchise_id,
    pixel_id: user.pixel_id,
    depot_id: user.depot_id,
    zone_id: user.zone_id,
    backupZones: user.backupZones,
    service_offers: user.service_offers,
    shooting_packages: user.shooting_packages,
    subscription_id: user.subscription_id,
    userZones: [...(user.zone_id === null ? [] : [{ zone_id: user.zone_id, backup: false }]), ...user.backupZones.map((zone_id) => ({ zone_id, backup: true }))],
    userServiceOffers: user.service_offers.map((service_offer_id) => ({ service_offer_id })),
    userShootingPackages: user.shooting_packages.map((shooting_package_id) => ({ shooting_package_id })),
    franchise,
    version: user.version,
  };
}
