import { getMlsMatches } from '#shared/catalogue/mls.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { providerState } from '../storage/provider-records.ts';
import { inBatches, listingView, matchListing, providerView, recentListings } from '../use-cases/provider-reports.ts';

/** Screen 7: each recent listing matched with the provider's listings (ADR 0221), and its tab. */
export const handler = apiHandler(getMlsMatches, async () => {
  const state = await providerState();
  const counts = { matched: 0, ambiguous: 0, unmatched: 0 };
  if (!state) return { imported_at: null, counts, items: [] };
  const listings = await recentListings();
  const items = await inBatches(listings, 10, async (listing) => {
    const outcome = await matchListing(state.generation, listing);
    counts[outcome.kind]++;
    const provider = outcome.kind === 'matched' ? providerView(outcome.record) : null;
    const tab = !listing.mls ? 'mlsNull' : provider?.mls === listing.mls ? 'associated' : 'unassociated';
    return { listing: listingView(listing), outcome: outcome.kind, tab, provider, candidates: outcome.kind === 'ambiguous' ? outcome.candidates.map(providerView) : [] } as const;
  });
  return { imported_at: state.imported_at, counts, items };
});
