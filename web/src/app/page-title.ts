import { useMatches } from '@tanstack/react-router';
import { titleKeyAs } from '#shared/routes.ts';
import { useSessionUser } from '../areas/session/use-session.ts';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** i18n key of the page title (ROUTES' titleKey). */
    titleKey?: string;
  }
}

/** The title key of the deepest matched route that declares one, as the signed-in role sees that route. */
export function useRouteTitleKey(): string | undefined {
  const matches = useMatches();
  const role = useSessionUser()?.role;
  for (let i = matches.length - 1; i >= 0; i--) {
    const key = matches[i]?.staticData?.titleKey;
    if (key) return titleKeyAs(key, role);
  }
  return undefined;
}
