import { describe, expect, it } from 'vitest';
import { SEARCH_PAGE, SEARCH_PAGE_ALL } from '#shared/catalogue/listings.ts';
import { searchShown } from './search-shown.ts';

describe('the rows under the listing search', () => {
  it('all rows there: nothing to offer', () => {
    expect(searchShown(0, 0, false)).toEqual({ partial: false, offerAll: false, capped: false });
    expect(searchShown(42, 42, false)).toEqual({ partial: false, offerAll: false, capped: false });
    expect(searchShown(SEARCH_PAGE, SEARCH_PAGE, false)).toEqual({ partial: false, offerAll: false, capped: false });
  });

  it('the first page of a larger total: offers the rest', () => {
    expect(searchShown(SEARCH_PAGE, SEARCH_PAGE + 1, false)).toEqual({ partial: true, offerAll: true, capped: false });
    expect(searchShown(SEARCH_PAGE, SEARCH_PAGE_ALL, false)).toEqual({ partial: true, offerAll: true, capped: false });
  });

  it('loadAll answered every row: nothing more to offer', () => {
    expect(searchShown(SEARCH_PAGE + 1, SEARCH_PAGE + 1, true)).toEqual({ partial: false, offerAll: false, capped: false });
  });

  it('a total above what loadAll answers is capped, before and after', () => {
    expect(searchShown(SEARCH_PAGE, 2500, false)).toEqual({ partial: true, offerAll: true, capped: true });
    expect(searchShown(SEARCH_PAGE_ALL, 2500, true)).toEqual({ partial: true, offerAll: false, capped: true });
  });
});
