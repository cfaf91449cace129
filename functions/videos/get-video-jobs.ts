import { VIDEO_JOBS_LIMIT, getVideoJobs } from '#shared/catalogue/videos.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { listingsById } from '../storage/listings.ts';
import { allVideoJobs } from '../storage/videos.ts';
import { jobView } from '../use-cases/video-views.ts';

/** /video_dashboard: every job, newest request first, with its listing's address. */
export const handler = apiHandler(getVideoJobs, async () => {
  const videos = await allVideoJobs(VIDEO_JOBS_LIMIT);
  const listings = await listingsById(videos.map((v) => v.listing_id));
  return { status: 200 as const, jobs: videos.map((v) => jobView(v, listings.get(v.listing_id)?.address ?? '')) };
});
