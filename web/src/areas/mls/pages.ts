/**
 * The pages of a list shown `per` rows at a time, and the page shown for the one chosen: never past
 * the last, since a save or a refresh can shorten the list under it (at least one page, empty or not).
 */
export function pagesOf(count: number, per: number, chosen: number): { pages: number; page: number } {
  const pages = Math.max(1, Math.ceil(count / per));
  return { pages, page: Math.min(Math.max(1, chosen), pages) };
}
