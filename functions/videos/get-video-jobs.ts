import { VIDEO_JOBS_LIMIT, getVideoJobs } from '#shared/catalogue/videos.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { decodeCursor, encodeCursor } from '../plumbing/query.ts';
import { allVideoJobs } from '../storage/videos.ts';
import { jobViews } from '../use-cases/video-views.ts';

/** /video_dashboard: every job, newest request first, a page at a time, with its listing's address and its brokers' names. */
export const handler = apiHandler(getVideoJobs, async ({ cursor }, { user }) => {
  const scope = { user: user.id, query: getVideoJobs.id };
  const { videos, next } = await allVideoJobs(VIDEO_JOBS_LIMIT, await decodeCursor(cursor, scope));
  return { status: 200 as const, jobs: await jobViews(videos), ...(next ? { next: await encodeCursor(next, scope) } : {}) };
});
