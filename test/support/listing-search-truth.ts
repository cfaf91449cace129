import { entryMatches, entryRow, type ListingSearch } from '#shared/rules/listing-search.ts';
import { keys } from '#functions/plumbing/keys.ts';
import { byIndex, queryAll } from '#functions/plumbing/query.ts';
import { searchListingRows } from '#functions/storage/listings.ts';

/** The blocks of one search word (gsi2), oldest first. */
export const blocksOf = (word: string) => queryAll(byIndex('listingSearchWords', keys.listingWordBucket(word), { beginsWith: `${word}#` }));

/** What reading every '@all' block answers for a search: the total and the first `limit` rows, newest id first. */
export async function everyBlock(search: ListingSearch, limit: number) {
  const entries = (await blocksOf('@all')).flatMap((block) => Object.entries(block).filter(([name, entry]) => /^e\d+$/.test(name) && entryMatches(String(entry), search)));
  const rows = entries.map(([name, entry]) => entryRow(Number(name.slice(1)), String(entry))!).sort((a, b) => b.id - a.id);
  return { count: rows.length, rows: rows.slice(0, limit) };
}

/** The search and what every block answers, taken again until no listing was written meanwhile (other test files write listings). */
export async function searchedAndTruth(search: ListingSearch, limit: number) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const before = await everyBlock(search, limit);
    const { count, rows } = await searchListingRows(search, limit);
    const after = await everyBlock(search, limit);
    if (JSON.stringify(before) === JSON.stringify(after)) return { searched: { count, rows }, truth: after };
  }
  throw new Error('listings were written during every one of 20 attempts');
}
