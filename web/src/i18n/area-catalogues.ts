import { i18n } from './index.ts';
import { withManyForms } from './plural-forms.ts';

export interface AreaCatalogues {
  fr: Record<string, unknown>;
  en: Record<string, unknown>;
}

/**
 * An area keeps its texts in web/src/areas/<area>/locales/{fr,en}.json and registers them from
 * its lazily loaded routes module, so they ship with the area's chunk. They are merged into the
 * default namespace, so the spec's keys (e.g. `bookshooting.error`) are used exactly as named.
 */
export function registerAreaCatalogues(catalogues: AreaCatalogues): void {
  i18n.addResourceBundle('fr', 'translation', withManyForms(catalogues.fr), true, false);
  i18n.addResourceBundle('en', 'translation', catalogues.en, true, false);
}
