import { getDeliveryVideos } from '#shared/catalogue/videos.ts';
import { VideoCreationStatus } from '#shared/enums.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { notFound } from '../plumbing/errors.ts';
import { findListingByToken } from '../storage/listings.ts';
import { videosOfListing } from '../storage/videos.ts';
import { videoView } from '../use-cases/video-views.ts';

/** The delivery page's videos: only uploaded ones, for whoever holds the listing's distribution token. */
export const handler = apiHandler(getDeliveryVideos, async ({ token }) => {
  const listing = await findListingByToken(token);
  if (!listing) throw notFound('Unknown delivery token.');
  const uploaded = (await videosOfListing(listing.id)).filter((v) => v.status === VideoCreationStatus.success && v.mp4_key);
  const views = await Promise.all(uploaded.map(videoView));
  return { videos: views.map(({ id, template_name, gcs_path_mp4, instagram_video, duration_s }) => ({ id, template_name, gcs_path_mp4: gcs_path_mp4!, instagram_video, duration_s })) };
});
