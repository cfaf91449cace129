import { ADMIN_ROLES, Role, type RoleId } from './roles.ts';

/**
 * The route table of part 1 section 2.1. `access` is who may open the screen:
 * 'public' (no login), 'authenticated' (any logged-in user) or a list of roles.
 * Where the spec says "guard not shown" the route is open to any logged-in user
 * (docs/decisions/0004-unstated-route-guards.md).
 */
export type RouteAccess = 'public' | 'authenticated' | readonly RoleId[];

export interface RouteRule {
  /** TanStack Router path syntax: `$id` marks a parameter. */
  path: string;
  access: RouteAccess;
  /** i18n key of the page title. */
  titleKey: string;
}

const R = Role;
const SHOOTING_STAFF: readonly RoleId[] = [R.superadmin, R.admin, R.tech_postprod, R.tech_postprod_lead];
const LISTING_READERS: readonly RoleId[] = [R.superadmin, R.admin, R.tech_capture, R.tech_postprod, R.tech_postprod_lead, R.social_medias, R.sales];
/**
 * The route table leaves role 3 out of /deliveries, yet the broker lands there (2.2) and it
 * is the broker's only menu entry (2.3); excluding it would loop / → /deliveries → /.
 * Brokers are admitted to /deliveries only (docs/decisions/0004-unstated-route-guards.md).
 */
const DELIVERY_READERS: readonly RoleId[] = [...LISTING_READERS, R.broker].sort((a, b) => a - b);
/**
 * /shooting is "the user's shootings" and the return target of the broker's booking, change and
 * cancel flows (2.4 to 2.7), but the table admits 1, 2, 5, 8 only: brokers are admitted too and see
 * their own (docs/decisions/0051-shooting-list-for-brokers.md). /shootingdashboard stays staff only.
 */
const SHOOTING_LIST_READERS: readonly RoleId[] = [...SHOOTING_STAFF, R.broker].sort((a, b) => a - b);
const DEFAULT_ROLES: readonly RoleId[] = [R.superadmin, R.admin, R.tech_capture, R.tech_postprod, R.social_medias, R.sales];
const REVIEWERS: readonly RoleId[] = [R.superadmin, R.admin, R.tech_capture, R.tech_postprod, R.tech_postprod_lead];
const HMD_ROLES: readonly RoleId[] = [R.superadmin, R.admin, R.tech_capture, R.tech_postprod, R.tech_postprod_lead, R.sales];

export const ROUTES: readonly RouteRule[] = [
  { path: '/login', access: 'public', titleKey: 'route.login' },
  { path: '/delivery/$token', access: 'public', titleKey: 'route.delivery' },
  { path: '/shooting', access: SHOOTING_LIST_READERS, titleKey: 'route.shooting' },
  { path: '/shootingdashboard', access: SHOOTING_STAFF, titleKey: 'route.shootingdashboard' },
  { path: '/shooting/add', access: 'authenticated', titleKey: 'route.shooting_add' },
  { path: '/shooting/changeTime/$id', access: 'authenticated', titleKey: 'route.shooting_change_time' },
  { path: '/shooting/cancel/$id', access: 'authenticated', titleKey: 'route.shooting_cancel' },
  { path: '/tickets', access: 'authenticated', titleKey: 'route.tickets' },
  { path: '/tickets/add', access: 'authenticated', titleKey: 'route.tickets_add' },
  { path: '/tickets/$id', access: 'authenticated', titleKey: 'route.ticket' },
  { path: '/deliveries', access: DELIVERY_READERS, titleKey: 'route.deliveries' },
  { path: '/listings', access: LISTING_READERS, titleKey: 'route.listings' },
  { path: '/users', access: LISTING_READERS, titleKey: 'route.users' },
  { path: '/users/add', access: LISTING_READERS, titleKey: 'route.users_add' },
  { path: '/users/edit/$id', access: LISTING_READERS, titleKey: 'route.users_edit' },
  { path: '/shootReports', access: DEFAULT_ROLES, titleKey: 'route.shootReports' },
  { path: '/schedule', access: DEFAULT_ROLES, titleKey: 'route.schedule' },
  { path: '/HmdList', access: HMD_ROLES, titleKey: 'route.HmdList' },
  { path: '/ListingMlsMatch', access: REVIEWERS, titleKey: 'route.ListingMlsMatch' },
  { path: '/tech_review', access: REVIEWERS, titleKey: 'route.tech_review' },
  { path: '/tech_review/$listingId', access: REVIEWERS, titleKey: 'route.tech_review_listing' },
  { path: '/video_dashboard', access: REVIEWERS, titleKey: 'route.video_dashboard' },
  { path: '/facebook_page_manager', access: REVIEWERS, titleKey: 'route.facebook_page_manager' },
  { path: '/remote_injector', access: 'authenticated', titleKey: 'route.remote_injector' },
  { path: '/dashboard', access: 'authenticated', titleKey: 'route.dashboard' },
  { path: '/depots', access: ADMIN_ROLES, titleKey: 'route.depots' },
  { path: '/depots/add', access: ADMIN_ROLES, titleKey: 'route.depots_add' },
  { path: '/depots/edit/$id', access: ADMIN_ROLES, titleKey: 'route.depots_edit' },
  { path: '/releases', access: ADMIN_ROLES, titleKey: 'route.releases' },
  { path: '/mlsProvider', access: ADMIN_ROLES, titleKey: 'route.mlsProvider' },
  { path: '/badlistings', access: ADMIN_ROLES, titleKey: 'route.badlistings' },
  { path: '/superlog', access: ADMIN_ROLES, titleKey: 'route.superlog' },
  { path: '/SuperAnalytics', access: ADMIN_ROLES, titleKey: 'route.SuperAnalytics' },
  { path: '/ListingStats', access: ADMIN_ROLES, titleKey: 'route.ListingStats' },
  { path: '/centris', access: ADMIN_ROLES, titleKey: 'route.centris' },
  { path: '/centris/broker/$code', access: ADMIN_ROLES, titleKey: 'route.centris_broker' },
  { path: '/zones', access: ADMIN_ROLES, titleKey: 'route.zones' },
  { path: '/manage_services', access: ADMIN_ROLES, titleKey: 'route.manage_services' },
  { path: '/manage_shooting_packages', access: ADMIN_ROLES, titleKey: 'route.manage_shooting_packages' },
];

export function routeRule(path: string): RouteRule | undefined {
  return ROUTES.find((r) => r.path === path);
}

export type GuardResult = 'allow' | 'login' | 'home';

/** The guard of part 1 section 2.1: logged out → /login, role not allowed → /. */
export function checkRoute(access: RouteAccess, role: number | undefined): GuardResult {
  if (access === 'public') return 'allow';
  if (role === undefined) return 'login';
  if (access === 'authenticated') return 'allow';
  return access.includes(role as RoleId) ? 'allow' : 'home';
}

/**
 * Landing redirect from / (part 1 section 2.2). "Anyone else → /shooting" would loop for roles
 * 6, 7, 9 and 11, which /shooting refuses (→ /); they land on /dashboard, open to any
 * logged-in user (docs/decisions/0004-unstated-route-guards.md).
 */
export function landingPath(role: number): string {
  const spec = specLandingPath(role);
  return checkRoute(routeRule(spec)!.access, role) === 'allow' ? spec : '/dashboard';
}

function specLandingPath(role: number): string {
  switch (role) {
    case R.social_medias:
    case R.sales:
      return '/listings';
    case R.broker:
      return '/deliveries';
    case R.tech_capture:
      return '/schedule';
    case R.tech_postprod:
    case R.tech_postprod_lead:
      return '/tech_review';
    default:
      return '/shooting';
  }
}

export interface MenuEntry {
  /** i18n key of the label: the title key of the page it opens, so label and page title read the same. */
  labelKey: string;
  to: string;
}

/** The entry's label is the page's title (issue 10: a menu label matches the title of what it opens). */
const m = (to: string): MenuEntry => ({ labelKey: routeRule(to)!.titleKey, to });
/** Staff open the planner at /shooting, titled 'Planification des captures' (part 2), not the broker's list. */
const STAFF_SHOOTING: MenuEntry = { labelKey: 'route.shooting_planner', to: '/shooting' };

/** The broker's own places, each one click away (issue 10): deliveries (2.3), their shootings, booking, tickets. */
const BROKER_MENU = [m('/deliveries'), m('/shooting'), m('/shooting/add'), m('/tickets')];
const CAPTURE_MENU = [m('/schedule'), m('/shootReports'), m('/deliveries'), m('/remote_injector')];
const POSTPROD_MENU = [
  m('/tech_review'),
  m('/shootingdashboard'),
  STAFF_SHOOTING,
  m('/remote_injector'),
  m('/listings'),
  m('/ListingMlsMatch'),
  m('/video_dashboard'),
  m('/facebook_page_manager'),
];
const ADMIN_MENU = [
  m('/shootingdashboard'),
  STAFF_SHOOTING,
  m('/listings'),
  m('/users'),
  m('/HmdList'),
  m('/zones'),
  m('/depots'),
  m('/releases'),
  m('/badlistings'),
  m('/mlsProvider'),
  m('/SuperAnalytics'),
  m('/ListingStats'),
  m('/ListingMlsMatch'),
  m('/superlog'),
  m('/tech_review'),
  m('/manage_services'),
  m('/manage_shooting_packages'),
  m('/video_dashboard'),
  m('/facebook_page_manager'),
];

/**
 * Side menu by role (part 1 section 2.3). "Capture tech (also admins, post-production)"
 * means the capture-tech block is shown to roles 4, 1, 2, 5 and 8, after the role's own block.
 * Roles the spec gives no menu (6, 7, 9, 10, 11, 12) get an empty side menu.
 */
export function menuFor(role: number): MenuEntry[] {
  return ownMenu(role).filter((entry) => checkRoute(routeRule(entry.to)!.access, role) === 'allow');
}

/**
 * The lists as the spec gives them; menuFor then drops entries the route table forbids to the
 * role (role 8 is "post-production" but /schedule and /shootReports exclude it): a menu link
 * never bounces the user to / (docs/decisions/0004-unstated-route-guards.md).
 */
function ownMenu(role: number): MenuEntry[] {
  const withCapture = (own: MenuEntry[]) => dedupe([...own, ...CAPTURE_MENU]);
  switch (role) {
    case R.broker:
      return BROKER_MENU;
    case R.tech_capture:
      return CAPTURE_MENU;
    case R.tech_postprod:
    case R.tech_postprod_lead:
      return withCapture(POSTPROD_MENU);
    case R.superadmin:
    case R.admin:
      return withCapture(ADMIN_MENU);
    default:
      return [];
  }
}

function dedupe(entries: MenuEntry[]): MenuEntry[] {
  const seen = new Set<string>();
  return entries.filter((e) => (seen.has(e.to) ? false : (seen.add(e.to), true)));
}

/** A titled group of the side menu; `labelKey` is undefined for a short menu shown as one plain list. */
export interface MenuSection {
  key: string;
  labelKey?: string;
  entries: MenuEntry[];
}

/** Menus up to this long are one plain list; longer ones are grouped so they fit a laptop screen (issue 10). */
export const FLAT_MENU_MAX = 8;

/** The sections of a long menu, in this order (docs/decisions/0111-grouped-side-menu.md). */
export const MENU_SECTIONS: readonly { key: string; paths: readonly string[] }[] = [
  { key: 'planning', paths: ['/shooting', '/shootingdashboard', '/schedule', '/shootReports'] },
  { key: 'production', paths: ['/tech_review', '/listings', '/deliveries', '/remote_injector', '/ListingMlsMatch', '/video_dashboard', '/facebook_page_manager'] },
  { key: 'reports', paths: ['/SuperAnalytics', '/ListingStats', '/mlsProvider', '/badlistings', '/superlog'] },
  { key: 'administration', paths: ['/users', '/zones', '/depots', '/HmdList', '/manage_services', '/manage_shooting_packages', '/releases'] },
];

/** menuFor(role), grouped into MENU_SECTIONS when longer than FLAT_MENU_MAX; every entry appears once. */
export function menuSectionsFor(role: number): MenuSection[] {
  const entries = menuFor(role);
  if (entries.length <= FLAT_MENU_MAX) return entries.length ? [{ key: 'all', entries }] : [];
  const sections = MENU_SECTIONS.map(({ key, paths }) => ({
    key,
    labelKey: `menu_section.${key}`,
    entries: entries.filter((e) => paths.includes(e.to)),
  }));
  const placed = new Set(sections.flatMap((s) => s.entries.map((e) => e.to)));
  const others = entries.filter((e) => !placed.has(e.to));
  if (others.length) sections.push({ key: 'other', labelKey: 'menu_section.other', entries: others });
  return sections.filter((s) => s.entries.length > 0);
}

/** Places without a menu entry of their own that belong to one (the provider's broker pages are its reports). */
const MENU_PLACE_OF: Record<string, string> = { '/centris': '/mlsProvider' };

/**
 * The entry to highlight on this path: the longest entry that is the path or one of its parents
 * (/shooting/add highlights "book" when the menu has it, else /shooting; /tickets/12 highlights /tickets).
 */
export function activeMenuEntry(entries: readonly MenuEntry[], pathname: string): MenuEntry | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const under = (to: string) => path === to || path.startsWith(`${to}/`);
  const direct = entries.filter((e) => under(e.to)).sort((a, b) => b.to.length - a.to.length)[0];
  if (direct) return direct;
  const place = Object.entries(MENU_PLACE_OF).find(([prefix]) => under(prefix));
  return place ? entries.find((e) => e.to === place[1]) : undefined;
}
