import { getListingVideos } from '#shared/catalogue/videos.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { videosOfListing } from '../storage/videos.ts';
import { listingForVideos, videoView } from '../use-cases/video-views.ts';

/** A listing's videos, newest first (a broker: own listings only). */
export const handler = apiHandler(getListingVideos, async ({ listingId }, ctx) => {
  const listing = await listingForVideos(listingId, ctx.user);
  return { videos: await Promise.all((await videosOfListing(listing.id)).map(videoView)) };
});
