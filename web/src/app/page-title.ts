import { useMatches } from '@tanstack/react-router';
import { isPlanner } from '#shared/roles.ts';
import { useSessionUser } from '../areas/session/use-session.ts';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** i18n key of the page title (ROUTES' titleKey). */
    titleKey?: string;
  }
}

/**
 * /shooting is the planner for planners (ADR 0070), titled 'Planification des captures' (part 2 §2),
 * as their menu names it; brokers get the shooting list.
 */
const PLANNERS_TITLE: Readonly<Record<string, string>> = { 'route.shooting': 'route.shooting_planner' };

/** The title key of the deepest matched route that declares one, as the signed-in role sees that route. */
export function useRouteTitleKey(): string | undefined {
  const matches = useMatches();
  const role = useSessionUser()?.role;
  for (let i = matches.length - 1; i >= 0; i--) {
    const key = matches[i]?.staticData?.titleKey;
    if (key) return (role !== undefined && isPlanner(role) && PLANNERS_TITLE[key]) || key;
  }
  return undefined;
}
