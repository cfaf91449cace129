import { useMatches } from '@tanstack/react-router';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** i18n key of the page title (ROUTES' titleKey). */
    titleKey?: string;
  }
}

/** The title key of the deepest matched route that declares one. */
export function useRouteTitleKey(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const key = matches[i]?.staticData?.titleKey;
    if (key) return key;
  }
  return undefined;
}
