import type { QueryClient } from '@tanstack/react-query';
import {
  createLazyRoute,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  notFound,
  Outlet,
  redirect,
  type RouteComponent,
  type RouterHistory,
} from '@tanstack/react-router';
import { isPlanner } from '#shared/roles.ts';
import { ROUTE, ROUTES, routeRule, type RouteName, type RouteRule } from '#shared/routes.ts';
import type { SessionUser } from '#shared/catalogue/session.ts';
import { AppLayout } from './app/app-layout.tsx';
import { DelayedLoader, LOADER_DELAY_MS } from './app/delayed-loader.tsx';
import { DocumentTitle } from './app/document-title.tsx';
import { ErrorPage, NotAvailablePage, NotFoundPage } from './app/pages.tsx';
import { AREAS, areaOf } from './areas/index.ts';
import { guardRoute, landingRedirect } from './areas/session/guards.ts';
import { resolveSessionUser, safeRedirect } from './areas/session/session.ts';

export interface RouterContext {
  queryClient: QueryClient;
  user?: SessionUser;
}

/**
 * Every navigation re-reads the session (cached, re-checked with the server when stale). A public
 * page (the delivery page, the virtual visit) needs no session: a check that fails there (a lost
 * connection) does not stand in the page's way.
 */
const rootRoute = createRootRouteWithContext<RouterContext>()({
  beforeLoad: async ({ context, location }) => {
    const check = resolveSessionUser(context.queryClient);
    return { user: routeRule(location.pathname)?.access === 'public' ? await check.catch(() => undefined) : await check };
  },
  component: () => (
    <>
      <DocumentTitle />
      <Outlet />
    </>
  ),
  notFoundComponent: NotFoundPage,
  errorComponent: ErrorPage,
});

/** Top bar, side menu and footer: every screen except the public delivery page. */
const shellRoute = createRoute({ getParentRoute: () => rootRoute, id: 'shell', component: AppLayout });

const indexRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/',
  staticData: { titleKey: 'route.home' },
  beforeLoad: ({ context }) => landingRedirect(context.user),
});

/** `?redirect=` kept as given when it is a string (safeRedirect checks it); no schema library in the first load. */
const loginSearch = (search: Record<string, unknown>): { redirect?: string } => (typeof search.redirect === 'string' ? { redirect: search.redirect } : {});

const loginRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: ROUTE.login.path,
  staticData: { titleKey: 'route.login' },
  validateSearch: loginSearch,
  beforeLoad: ({ context, search }) => {
    if (context.user) throw redirectAfterLogin(search.redirect);
  },
});

loginRoute.lazy(async () => {
  const { LoginPage } = await loadLoginPage();
  return createLazyRoute(loginRoute.id)({
    component: function Login() {
      const { redirect } = loginRoute.useSearch();
      return <LoginPage redirect={redirect} />;
    },
  });
});

/**
 * The login form (and its Mantine inputs) is a chunk of its own like every screen, so a signed-in
 * user's first load does not carry it (ADR 0022); main.tsx starts loading it at boot when no session
 * is stored, so the visitor who will see it does not wait for it.
 */
export const loadLoginPage = () => import('./areas/session/login-page.tsx');

function redirectAfterLogin(target: string | undefined) {
  const href = safeRedirect(target);
  return href ? redirect({ href }) : redirect({ to: '/' });
}

/** An id in a path: a positive whole number as digits ('abc', '0', '1e3', '5016.5' open the not-found page, not a screen that cannot load). */
const ID = /^[1-9]\d{0,11}$/;

/** Route parameters with a stated shape (part 2: depot ids are digits only): a pattern, or a test of its own. */
const PARAM_PATTERNS: Partial<Record<RouteName, Record<string, Pick<RegExp, 'test'>>>> = {
  depots_edit: { id: ID },
  users_edit: { id: ID },
  ticket: { id: ID },
  shooting_change_time: { id: ID },
  // Part 1's cancel page: shown for the literal id 'undefined' too, where it sends nothing.
  shooting_cancel: { id: { test: (id) => id === 'undefined' || ID.test(id) } },
  tech_review_listing: { listingId: ID },
  visit: { listingId: ID },
};

/**
 * Reads a screen starts once its guard has let the user in, beside its chunk instead of after it
 * (docs/decisions/0350). Planners' /shooting is the planner board (app/staff-shooting.tsx).
 */
const SCREEN_READS: Partial<Record<RouteName, (context: RouterContext, state: unknown) => void>> = {
  shooting: ({ user, queryClient }, state) => {
    if (user && isPlanner(user.role)) void AREAS.planner.load().then((m) => m.prefetchPlannerDay(queryClient, state), ignore);
  },
};

const ignore = () => undefined;

/**
 * With a stored session, main.tsx loads the first screen's chunks beside the session check, not
 * after it (docs/decisions/0350); /shooting, where the staff land, takes the planner's chunk too.
 * The guards still decide what is shown: a chunk holds no data.
 */
export function preloadScreen(path: string): void {
  const area = areaOf(path);
  if (area) void AREAS[area].load().catch(ignore);
  if (routeRule(path)?.name === 'shooting') void AREAS.planner.load().catch(ignore);
}

function screenRoute(rule: RouteRule) {
  const area = areaOf(rule.path);
  const reads = SCREEN_READS[rule.name];
  const options = {
    path: rule.path,
    staticData: { titleKey: rule.titleKey },
    beforeLoad: ({ context, location, params }: { context: RouterContext; location: { href: string }; params: Record<string, string> }) => {
      guardRoute(rule, context.user, location.href);
      const patterns = PARAM_PATTERNS[rule.name] ?? {};
      if (Object.entries(patterns).some(([name, re]) => !re.test(params[name] ?? ''))) throw notFound();
    },
    ...(reads ? { loader: ({ context, location }: { context: RouterContext; location: { state: unknown } }) => reads(context, location.state) } : {}),
  };
  const route =
    rule.access === 'public' ? createRoute({ ...options, getParentRoute: () => rootRoute }) : createRoute({ ...options, getParentRoute: () => shellRoute });
  return route.lazy(async () => {
    const screens: Partial<Record<RouteName, RouteComponent>> = area ? (await AREAS[area].load()).screens : {};
    return createLazyRoute(route.id)({ component: screens[rule.name] ?? NotAvailablePage });
  });
}

const screenRules = ROUTES.filter((rule) => rule.name !== 'login');
const publicScreens = screenRules.filter((r) => r.access === 'public').map(screenRoute);
const shellScreens = screenRules.filter((r) => r.access !== 'public').map(screenRoute);

export const routeTree = rootRoute.addChildren([shellRoute.addChildren([indexRoute, loginRoute, ...shellScreens]), ...publicScreens]);

export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    history,
    context: { queryClient },
    defaultPendingMs: LOADER_DELAY_MS,
    defaultPendingComponent: () => <DelayedLoader always />,
    defaultNotFoundComponent: NotFoundPage,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
