import { describe, expect, it } from 'vitest';
import { pagesOf } from './pages.ts';

describe('the page of the listings without MLS', () => {
  it('stays on the chosen page while it exists', () => {
    expect(pagesOf(11, 10, 2)).toEqual({ pages: 2, page: 2 });
    expect(pagesOf(100, 25, 3)).toEqual({ pages: 4, page: 3 });
  });

  it('steps back to the last page when a save empties the one shown', () => {
    // 11 listings, 10 a page: the only one of page 2 gets its MLS and leaves the list.
    expect(pagesOf(10, 10, 2)).toEqual({ pages: 1, page: 1 });
    expect(pagesOf(21, 10, 5)).toEqual({ pages: 3, page: 3 });
  });

  it('has one page when the list is empty', () => {
    expect(pagesOf(0, 10, 3)).toEqual({ pages: 1, page: 1 });
  });
});
