/** Roles, part 1 section 3 "Enumerations". */
export const Role = {
  superadmin: 1,
  admin: 2,
  broker: 3,
  tech_capture: 4,
  tech_postprod: 5,
  client: 6,
  tech_injector: 7,
  tech_postprod_lead: 8,
  releaser: 9,
  social_medias: 10,
  stats_query: 11,
  sales: 12,
} as const;

export type RoleName = keyof typeof Role;
export type RoleId = (typeof Role)[RoleName];

export const ALL_ROLES: readonly RoleId[] = Object.values(Role);

export const ADMIN_ROLES: readonly RoleId[] = [Role.superadmin, Role.admin];

/**
 * The planner's roles (part 2 'Shooting planner'): the catalogue's planner operations admit them, the
 * routes give them /shootingdashboard and the planner at /shooting. The one list of them.
 */
export const PLANNER_ROLES = [Role.superadmin, Role.admin, Role.tech_postprod, Role.tech_postprod_lead] as const;

export function isPlanner(role: number): boolean {
  return (PLANNER_ROLES as readonly number[]).includes(role);
}

/**
 * The readers of listings (part 3 route table: /listings roles 1, 2, 4, 5, 8, 10, 12): the listing
 * search screen and the listing operations of the catalogue. The one list of them.
 */
export const LISTING_READERS = [Role.superadmin, Role.admin, Role.tech_capture, Role.tech_postprod, Role.tech_postprod_lead, Role.social_medias, Role.sales] as const;

/**
 * The reviewers (part 1 route table: /tech_review, /ListingMlsMatch, /video_dashboard and
 * /facebook_page_manager are for roles 1, 2, 4, 5, 8): the review screens and operations. The one
 * list of them.
 */
export const REVIEWERS = [Role.superadmin, Role.admin, Role.tech_capture, Role.tech_postprod, Role.tech_postprod_lead] as const;

/**
 * The listing readers who may change a listing (the dialog's save, its cache purge): the reviewers.
 * Social media and sales staff "consult listings and deliveries" (part 1 §1): they read the dialog,
 * they do not save it.
 */
export const LISTING_EDITORS = REVIEWERS;

/**
 * The roles of /HmdList (part 2 route table): the VR headset screen and every HMD operation of the
 * catalogue (docs/decisions/0130). The one list of them.
 */
export const HMD_ROLES = [Role.superadmin, Role.admin, Role.tech_capture, Role.tech_postprod, Role.tech_postprod_lead, Role.sales] as const;

/**
 * The roles of /users, /users/add and /users/edit/{id} (part 2 route table): the user screens and
 * the user operations of the catalogue (docs/decisions/0150). The one list of them.
 */
export const USER_SCREEN_ROLES = [Role.superadmin, Role.admin, Role.tech_capture, Role.tech_postprod, Role.tech_postprod_lead, Role.social_medias, Role.sales] as const;

/** Roles with a technician's planning fields on the user form: depot, zones, packages, offers, freelance (part 2 §6). */
export const TECHNICIAN_FORM_ROLES = [Role.tech_capture, Role.tech_postprod] as const;

export function hasTechnicianFields(role: number): boolean {
  return (TECHNICIAN_FORM_ROLES as readonly number[]).includes(role);
}

/**
 * The technician calendar's roles (part 2 §6 'Calendar'): administrators see and change every
 * capture technician's calendar, a capture technician their own (docs/decisions/0156). The one list.
 */
export const CALENDAR_ROLES = [Role.superadmin, Role.admin, Role.tech_capture] as const;

export function isAdminLevel(role: number): boolean {
  return role === Role.superadmin || role === Role.admin;
}

export function roleName(role: number): RoleName | undefined {
  return (Object.keys(Role) as RoleName[]).find((name) => Role[name] === role);
}

/** The old password is asked only of roles other than 1 and 2 (part 1 section 6). */
export function mustGiveOldPassword(role: number): boolean {
  return !isAdminLevel(role);
}
