import { redirect } from '@tanstack/react-router';
import { checkRoute, landingPath, type RouteRule } from '#shared/routes.ts';
import type { SessionUser } from '#shared/catalogue/session.ts';

/**
 * Route guards of part 1 section 2.1, run in beforeLoad: logged out → /login keeping
 * the origin (path and search), role not allowed → /.
 */
export function guardRoute(rule: Pick<RouteRule, 'access'>, user: SessionUser | undefined, originHref: string): void {
  switch (checkRoute(rule.access, user?.role)) {
    case 'login':
      throw redirect({ to: '/login', search: { redirect: originHref } });
    case 'home':
      throw redirect({ to: '/' });
    case 'allow':
      return;
  }
}

/** '/' redirects by role (part 1 section 2.2, with the fallback of docs/decisions/0004). */
export function landingRedirect(user: SessionUser | undefined): void {
  throw redirect({ to: user ? landingPath(user.role) : '/login' });
}
