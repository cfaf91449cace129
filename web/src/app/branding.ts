/**
 * The unbranded pages (ADR 0251): the delivery page and the virtual-tour viewer opened with
 * `?branding=none` show neither the broker nor the company, as MLS rules ask. One flag for both.
 */
export const UNBRANDED_SEARCH = 'branding=none';

/** Whether a page's search (as the router parsed it) asks for the unbranded page. */
export const isUnbranded = (search: Record<string, unknown>): boolean => search.branding === 'none';
