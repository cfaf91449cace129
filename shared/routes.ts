import { ADMIN_ROLES, CALENDAR_ROLES, HMD_ROLES, LISTING_READERS, PLANNER_ROLES, REVIEWERS, Role, USER_SCREEN_ROLES, isPlanner, type RoleId } from './roles.ts';

/**
 * The route table of part 1 section 2.1. `access` is who may open the screen:
 * 'public' (no login), 'authenticated' (any logged-in user) or a list of roles.
 * Where the spec says "guard not shown" the route is open to any logged-in user
 * (docs/decisions/0004-unstated-route-guards.md).
 */
export type RouteAccess = 'public' | 'authenticated' | readonly RoleId[];

/**
 * The web app's areas (web/src/areas/<area>/, one lazily loaded chunk each). Every route belongs to
 * one; /login belongs to the session area, built into the first page.
 */
export const ROUTE_AREAS = [
  'session',
  'shootings',
  'tickets',
  'deliveries',
  'planner',
  'users',
  'depots',
  'zones',
  'hmd',
  'injector',
  'schedule',
  'listings',
  'review',
  'mls',
  'offers',
  'social',
  'videos',
  'releases',
  'logs',
  'dashboard',
  'calendar',
  'visit',
] as const;
export type RouteArea = (typeof ROUTE_AREAS)[number];

export interface RouteRule {
  /** The route's name: its key in ROUTE, the `route.<name>` title key, the area module's screen key. */
  name: RouteName;
  /** TanStack Router path syntax: `$id` marks a parameter. */
  path: string;
  access: RouteAccess;
  /** The area whose screens module serves this route. */
  area: RouteArea;
  /** i18n key of the page title: `route.<name>`. */
  titleKey: string;
}

const R = Role;
/** The shooting staff: the planner's roles (the catalogue's planner operations admit the same, shared/roles.ts). */
const SHOOTING_STAFF: readonly RoleId[] = PLANNER_ROLES;
/**
 * The route table leaves role 3 out of /deliveries, yet the broker lands there (2.2) and it
 * is the broker's menu entry of the spec (2.3); excluding it would loop / → /deliveries → /.
 * Brokers are admitted to /deliveries (docs/decisions/0004-unstated-route-guards.md) and to /shooting (below).
 */
const DELIVERY_READERS: readonly RoleId[] = [...LISTING_READERS, R.broker].sort((a, b) => a - b);
/**
 * /shooting is "the user's shootings" and the return target of the broker's booking, change and
 * cancel flows (2.4 to 2.7), but the table admits 1, 2, 5, 8 only: brokers are admitted too and see
 * their own (docs/decisions/0051-shooting-list-for-brokers.md). /shootingdashboard stays staff only.
 */
const SHOOTING_LIST_READERS: readonly RoleId[] = [...SHOOTING_STAFF, R.broker].sort((a, b) => a - b);
const DEFAULT_ROLES: readonly RoleId[] = [R.superadmin, R.admin, R.tech_capture, R.tech_postprod, R.social_medias, R.sales];

type Rule = Omit<RouteRule, 'name' | 'titleKey'>;

/**
 * The route table, by name: the one place a route's path is written (docs/decisions/0125-route-table-by-name.md).
 * The router, the areas' screen maps (keyed by name), the menus and the landing redirect all read it.
 */
export const ROUTE = {
  login: { path: '/login', access: 'public', area: 'session' },
  delivery: { path: '/delivery/$token', access: 'public', area: 'deliveries' },
  /** The virtual-tour viewer of a published listing (part 3 §1 'also referenced'; docs/decisions/0255). */
  visit: { path: '/visit/$listingId', access: 'public', area: 'visit' },
  shooting: { path: '/shooting', access: SHOOTING_LIST_READERS, area: 'shootings' },
  shootingdashboard: { path: '/shootingdashboard', access: SHOOTING_STAFF, area: 'planner' },
  shooting_add: { path: '/shooting/add', access: 'authenticated', area: 'shootings' },
  shooting_change_time: { path: '/shooting/changeTime/$id', access: 'authenticated', area: 'shootings' },
  shooting_cancel: { path: '/shooting/cancel/$id', access: 'authenticated', area: 'shootings' },
  tickets: { path: '/tickets', access: 'authenticated', area: 'tickets' },
  tickets_add: { path: '/tickets/add', access: 'authenticated', area: 'tickets' },
  ticket: { path: '/tickets/$id', access: 'authenticated', area: 'tickets' },
  deliveries: { path: '/deliveries', access: DELIVERY_READERS, area: 'deliveries' },
  listings: { path: '/listings', access: LISTING_READERS, area: 'listings' },
  users: { path: '/users', access: USER_SCREEN_ROLES, area: 'users' },
  users_add: { path: '/users/add', access: USER_SCREEN_ROLES, area: 'users' },
  users_edit: { path: '/users/edit/$id', access: USER_SCREEN_ROLES, area: 'users' },
  shootReports: { path: '/shootReports', access: DEFAULT_ROLES, area: 'schedule' },
  schedule: { path: '/schedule', access: DEFAULT_ROLES, area: 'schedule' },
  HmdList: { path: '/HmdList', access: HMD_ROLES, area: 'hmd' },
  ListingMlsMatch: { path: '/ListingMlsMatch', access: REVIEWERS, area: 'mls' },
  tech_review: { path: '/tech_review', access: REVIEWERS, area: 'review' },
  tech_review_listing: { path: '/tech_review/$listingId', access: REVIEWERS, area: 'review' },
  video_dashboard: { path: '/video_dashboard', access: REVIEWERS, area: 'videos' },
  facebook_page_manager: { path: '/facebook_page_manager', access: REVIEWERS, area: 'social' },
  remote_injector: { path: '/remote_injector', access: 'authenticated', area: 'injector' },
  dashboard: { path: '/dashboard', access: 'authenticated', area: 'dashboard' },
  /** The technician calendar: its route is not shown in the spec (docs/decisions/0156). */
  calendar: { path: '/calendar', access: CALENDAR_ROLES, area: 'calendar' },
  depots: { path: '/depots', access: ADMIN_ROLES, area: 'depots' },
  depots_add: { path: '/depots/add', access: ADMIN_ROLES, area: 'depots' },
  depots_edit: { path: '/depots/edit/$id', access: ADMIN_ROLES, area: 'depots' },
  releases: { path: '/releases', access: ADMIN_ROLES, area: 'releases' },
  mlsProvider: { path: '/mlsProvider', access: ADMIN_ROLES, area: 'mls' },
  badlistings: { path: '/badlistings', access: ADMIN_ROLES, area: 'listings' },
  superlog: { path: '/superlog', access: ADMIN_ROLES, area: 'logs' },
  SuperAnalytics: { path: '/SuperAnalytics', access: ADMIN_ROLES, area: 'logs' },
  ListingStats: { path: '/ListingStats', access: ADMIN_ROLES, area: 'listings' },
  centris: { path: '/centris', access: ADMIN_ROLES, area: 'mls' },
  centris_broker: { path: '/centris/broker/$code', access: ADMIN_ROLES, area: 'mls' },
  zones: { path: '/zones', access: ADMIN_ROLES, area: 'zones' },
  manage_services: { path: '/manage_services', access: ADMIN_ROLES, area: 'offers' },
  manage_shooting_packages: { path: '/manage_shooting_packages', access: ADMIN_ROLES, area: 'offers' },
} as const satisfies Record<string, Rule>;

export type RouteName = keyof typeof ROUTE;
/** The names of the routes an area serves: the keys of its screens map. */
export type RouteNameOf<A extends RouteArea> = { [N in RouteName]: (typeof ROUTE)[N]['area'] extends A ? N : never }[RouteName];

const NAMES = Object.keys(ROUTE) as RouteName[];

export const ROUTES: readonly RouteRule[] = NAMES.map((name) => ({ name, ...ROUTE[name], titleKey: `route.${name}` }));

export function routeRule(path: string): RouteRule | undefined {
  return ROUTES.find((r) => r.path === path);
}

/** The path of a named route. */
export const pathOf = (name: RouteName): string => ROUTE[name].path;

export type GuardResult = 'allow' | 'login' | 'home';

/** The guard of part 1 section 2.1: logged out → /login, role not allowed → /. */
export function checkRoute(access: RouteAccess, role: number | undefined): GuardResult {
  if (access === 'public') return 'allow';
  if (role === undefined) return 'login';
  if (access === 'authenticated') return 'allow';
  return access.includes(role as RoleId) ? 'allow' : 'home';
}

/**
 * The landing screens of 2.2 not built yet (their area shows 'not available yet'): a role whose
 * landing is one of them lands on /dashboard until it is built (docs/decisions/0160). The web's
 * test (web/src/areas/dashboard/dashboard.test.ts) checks this list against the areas' screens.
 */
export const LANDING_NOT_BUILT: ReadonlySet<RouteName> = new Set<RouteName>([]);

/**
 * Landing redirect from / (part 1 section 2.2). "Anyone else → /shooting" would loop for roles
 * 6, 7, 9 and 11, which /shooting refuses (→ /); they land on /dashboard, open to any
 * logged-in user (docs/decisions/0004-unstated-route-guards.md), as does a role whose landing
 * screen is not built yet (LANDING_NOT_BUILT).
 */
export function landingPath(role: number): string {
  const spec = specLanding(role);
  const ready = checkRoute(ROUTE[spec].access, role) === 'allow' && !LANDING_NOT_BUILT.has(spec);
  return pathOf(ready ? spec : 'dashboard');
}

/** The landing screen part 1 section 2.2 gives a role. */
export function specLanding(role: number): RouteName {
  switch (role) {
    case R.social_medias:
    case R.sales:
      return 'listings';
    case R.broker:
      return 'deliveries';
    case R.tech_capture:
      return 'schedule';
    case R.tech_postprod:
    case R.tech_postprod_lead:
      return 'tech_review';
    default:
      return 'shooting';
  }
}

export interface MenuEntry {
  /** i18n key of the label: the title key of the page it opens, so label and page title read the same. */
  labelKey: string;
  to: string;
}

/** The entry's label is the page's title (issue 10: a menu label matches the title of what it opens). */
const m = (name: RouteName): MenuEntry => ({ labelKey: `route.${name}`, to: pathOf(name) });
/** Staff open the planner at /shooting, titled 'Planification des captures' (part 2), not the broker's list. */
const PLANNER_TITLE_KEY = 'route.shooting_planner';
const STAFF_SHOOTING: MenuEntry = { labelKey: PLANNER_TITLE_KEY, to: pathOf('shooting') };

/** A route's title key as a role sees the route, as its menu names it: a planner's /shooting is the planner (ADR 0070). */
export function titleKeyAs(titleKey: string, role: number | undefined): string {
  return titleKey === 'route.shooting' && role !== undefined && isPlanner(role) ? PLANNER_TITLE_KEY : titleKey;
}

/** The broker's own places, each one click away (issue 10): deliveries (2.3), their shootings, booking, tickets. */
const BROKER_MENU = [m('deliveries'), m('shooting'), m('shooting_add'), m('tickets')];
const CAPTURE_MENU = [m('schedule'), m('shootReports'), m('calendar'), m('deliveries'), m('remote_injector')];
const POSTPROD_MENU = [
  m('tech_review'),
  m('shootingdashboard'),
  STAFF_SHOOTING,
  m('remote_injector'),
  m('listings'),
  m('ListingMlsMatch'),
  m('video_dashboard'),
  m('facebook_page_manager'),
];
const ADMIN_MENU = [
  m('shootingdashboard'),
  STAFF_SHOOTING,
  m('listings'),
  m('users'),
  m('HmdList'),
  m('zones'),
  m('depots'),
  m('releases'),
  m('badlistings'),
  m('mlsProvider'),
  m('SuperAnalytics'),
  m('ListingStats'),
  m('ListingMlsMatch'),
  m('superlog'),
  m('tech_review'),
  m('manage_services'),
  m('manage_shooting_packages'),
  m('video_dashboard'),
  m('facebook_page_manager'),
];

/**
 * Side menu by role (part 1 section 2.3). "Capture tech (also admins, post-production)"
 * means the capture-tech block is shown to roles 4, 1, 2, 5 and 8, after the role's own block.
 * Staff menus start with the dashboard; roles the spec gives no menu (6, 7, 9, 10, 11, 12) get
 * the dashboard and the screens they use (docs/decisions/0160).
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
  const withCapture = (own: MenuEntry[]) => dedupe([m('dashboard'), ...own, ...CAPTURE_MENU]);
  switch (role) {
    case R.broker:
      return BROKER_MENU;
    case R.tech_capture:
      return withCapture([]);
    case R.tech_postprod:
    case R.tech_postprod_lead:
      return withCapture(POSTPROD_MENU);
    case R.superadmin:
    case R.admin:
      return withCapture(ADMIN_MENU);
    case R.tech_injector:
      return [m('dashboard'), m('remote_injector'), m('tickets')];
    case R.social_medias:
      return [m('dashboard'), m('listings'), m('deliveries'), m('tickets')];
    case R.sales:
      return [m('dashboard'), m('listings'), m('deliveries'), m('HmdList'), m('tickets')];
    default:
      // Client (6), releaser (9), statistics (11): their dashboard and their tickets.
      return [m('dashboard'), m('tickets')];
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
const SECTIONS: readonly { key: string; names: readonly RouteName[] }[] = [
  { key: 'planning', names: ['dashboard', 'shooting', 'shootingdashboard', 'schedule', 'shootReports', 'calendar'] },
  { key: 'production', names: ['tech_review', 'listings', 'deliveries', 'remote_injector', 'ListingMlsMatch', 'video_dashboard', 'facebook_page_manager'] },
  { key: 'reports', names: ['SuperAnalytics', 'ListingStats', 'mlsProvider', 'badlistings', 'superlog'] },
  { key: 'administration', names: ['users', 'zones', 'depots', 'HmdList', 'manage_services', 'manage_shooting_packages', 'releases'] },
];
export const MENU_SECTIONS: readonly { key: string; paths: readonly string[] }[] = SECTIONS.map(({ key, names }) => ({ key, paths: names.map(pathOf) }));

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
const MENU_PLACE_OF: Record<string, string> = { [pathOf('centris')]: pathOf('mlsProvider') };

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
