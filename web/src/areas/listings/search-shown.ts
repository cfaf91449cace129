import { SEARCH_PAGE_ALL } from '#shared/catalogue/listings.ts';

/** What the search table says under it about its rows (part 3 screen 2 and §7 'listing search … loadAll flag'). */
export interface SearchShown {
  /** Fewer rows shown than the request's total: say 'n of total shown'. */
  partial: boolean;
  /** The 'show all' control: the first page only is shown and the total is larger. */
  offerAll: boolean;
  /** The total is more than loadAll answers (SEARCH_PAGE_ALL): the control and the note say so. */
  capped: boolean;
}

/**
 * The search answers its first page (SEARCH_PAGE rows), or SEARCH_PAGE_ALL with loadAll, and
 * always the full `count`: whether to offer the rest, and whether even all cannot show every row.
 */
export function searchShown(shown: number, count: number, loadAll: boolean): SearchShown {
  const partial = shown < count;
  return { partial, offerAll: partial && !loadAll, capped: count > SEARCH_PAGE_ALL };
}
