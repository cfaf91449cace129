import { VIDEO_JOBS_LIMIT, getVideoJobs } from '#shared/catalogue/videos.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { decodeCursor, encodeCursor } from '../plumbing/query.ts';
import { listingsById } from '../storage/listings.ts';
import { allVideoJobs } from '../storage/videos.ts';
import { jobView } from '../use-cases/video-views.ts';

/** /video_dashboard: every job, newest request first, a page at a time, with its listing's address. */
export const handler = apiHandler(getVideoJobs, async ({ cursor }, { user }) => {
  const scope = { user: user.id, query: getVideoJobs.id };
  const { videos, next } = await allVideoJobs(VIDEO_JOBS_LIMIT, await decodeCursor(cursor, scope));
  const listings = await listingsById(videos.map((v) => v.listing_id));
  return { status: 200 as const, jobs: videos.map((v) => jobView(v, listings.get(v.listing_id)?.address ?? '')), ...(next ? { next: await encodeCursor(next, scope) } : {}) };
});
