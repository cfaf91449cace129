import { getListingVideos } from '#shared/catalogue/videos.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { videosOfListing } from '../storage/videos.ts';
import { listingForVideos, teamBrokers, videoView } from '../use-cases/video-views.ts';

/** A listing's videos, newest first, and who may front a new one (a broker: own listings only). */
export const handler = apiHandler(getListingVideos, async ({ listingId }, ctx) => {
  const listing = await listingForVideos(listingId, ctx.user);
  const [videos, team_brokers] = await Promise.all([videosOfListing(listing.id).then((stored) => Promise.all(stored.map(videoView))), teamBrokers(listing)]);
  return { videos, team_brokers };
});
