type Catalogue = Record<string, unknown>;

/**
 * French has a third plural form, 'many' (CLDR: 1 000 000, 2 000 000 …), which i18next asks for as
 * `<key>_many`; the catalogues write `_one` and `_other`. Beside each `_other` without its `_many`,
 * the `_other` text is given as `_many`, so a million reads '1 000 000 captures', not the bare key
 * or the fallback language's text.
 */
export function withManyForms(catalogue: Catalogue): Catalogue {
  const out: Catalogue = {};
  for (const [key, value] of Object.entries(catalogue)) {
    out[key] = isCatalogue(value) ? withManyForms(value) : value;
    const many = key.endsWith('_other') ? `${key.slice(0, -'_other'.length)}_many` : undefined;
    if (many && !(many in catalogue)) out[many] = value;
  }
  return out;
}

const isCatalogue = (value: unknown): value is Catalogue => typeof value === 'object' && value !== null && !Array.isArray(value);
