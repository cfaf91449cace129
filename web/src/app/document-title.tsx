import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isUnbranded } from './branding.ts';
import { useRouteTitleKey } from './page-title.ts';

/** Keeps document.title in step with the route and the language. */
export function DocumentTitle() {
  const { t } = useTranslation();
  const key = useRouteTitleKey();
  // A page opened with ?branding=none (the unbranded delivery link, ADR 0251) does not name the company.
  const unbranded = useRouterState({ select: (s) => isUnbranded(s.location.search as Record<string, unknown>) });
  const app = t('app.name');
  const title = key ? (unbranded ? t(key) : `${t(key)} · ${app}`) : app;
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
