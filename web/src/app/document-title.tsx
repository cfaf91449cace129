import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteTitleKey } from './page-title.ts';

/** Keeps document.title in step with the route and the language. */
export function DocumentTitle() {
  const { t } = useTranslation();
  const key = useRouteTitleKey();
  const app = t('app.name');
  const title = key ? `${t(key)} · ${app}` : app;
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
