import { videoTemplate, type VideoJobView, type VideoView } from '#shared/catalogue/videos.ts';
import { Role } from '#shared/roles.ts';
import type { SessionUser } from '#shared/catalogue/session.ts';
import { forbidden, notFound } from '../plumbing/errors.ts';
import { mediaUrl } from '../plumbing/media.ts';
import { startWorkflow } from '../plumbing/workflows.ts';
import { getListing, type StoredListing } from '../storage/listings.ts';
import { markVideoFailed, setJobId, type StoredVideo } from '../storage/videos.ts';
import { VIDEO_MESSAGES } from '#shared/catalogue/videos.ts';

/** The listing a caller asks videos about: staff any, a broker only their own (403). */
export async function listingForVideos(listingId: number, user: SessionUser): Promise<StoredListing> {
  const listing = await getListing(listingId);
  if (!listing) throw notFound('Listing not found.');
  if (user.role === Role.broker && listing.broker_id !== user.id) throw forbidden(VIDEO_MESSAGES.notYourListing);
  return listing;
}

const templateName = (id: number) => videoTemplate(id)?.template_name ?? `#${id}`;

/** A video as answered: presigned MP4 URLs once uploaded (their version is the upload time). */
export async function videoView(video: StoredVideo): Promise<VideoView> {
  const version = video.video_uploaded_at ?? video.requested_at;
  const [gcs_path_mp4, instagram_video] = await Promise.all([
    video.mp4_key ? mediaUrl(video.mp4_key, { version }) : null,
    video.instagram_key ? mediaUrl(video.instagram_key, { version }) : null,
  ]);
  return {
    id: video.id,
    listing_id: video.listing_id,
    template_id: video.template_id,
    template_name: templateName(video.template_id),
    status: video.status,
    requested_at: video.requested_at,
    queued_at: video.queued_at,
    run_start_at: video.run_start_at,
    video_uploaded_at: video.video_uploaded_at,
    gcs_path_mp4,
    instagram_video,
    duration_s: video.duration_s,
    errors: video.errors,
    broker_team_member_id: video.broker_team_member_id,
    is_broker_photo_visible: video.is_broker_photo_visible,
    version: video.version,
  };
}

/** A row of the job monitor. */
export function jobView(video: StoredVideo, address: string): VideoJobView {
  return {
    id: video.id,
    job_id: video.job_id,
    listing_id: video.listing_id,
    address,
    template_name: templateName(video.template_id),
    status: video.status,
    requested_at: video.requested_at,
    run_start_at: video.run_start_at,
    video_uploaded_at: video.video_uploaded_at,
    current_broker_id: video.current_broker_id,
    main_broker_id: video.main_broker_id,
    secondary_broker_id: video.current_broker_id !== video.main_broker_id ? video.current_broker_id : null,
    vm: video.vm,
    errors: video.errors,
    version: video.version,
  };
}

/**
 * Starts the video workflow for a queued video's current run (the run number goes with it, ADR
 * 0610) and records its execution as the job id. A start that fails marks the video failed (the
 * workflow's own failure state) before answering the error: a video left 'enqueued' with no job
 * would refuse a new queueing ('already queued') for ever, while a failed one is queued again
 * from the review screen or reset from the job monitor. Once started, a failure to record the job
 * id is logged, not answered.
 */
export async function startVideoJob(video: StoredVideo): Promise<StoredVideo> {
  let jobId: string;
  try {
    jobId = await startWorkflow('videoWorkflow', { video_id: video.id, run: video.run }, `video-${video.id}-run-${video.run}-${Date.now()}`);
  } catch (error) {
    await markVideoFailed({ id: video.id, run: video.run }, `The video job could not start: ${(error as Error).message}`, []).catch(() => undefined);
    throw error;
  }
  // Started is started: the job id is only shown by the job monitor, and answering an error now
  // would have the caller ask for the video again and render it twice.
  const recorded = await setJobId({ id: video.id, run: video.run }, jobId).then(
    () => true,
    (error: unknown) => {
      console.error(`video ${video.id} run ${video.run}: started as ${jobId}, its job id not recorded`, error);
      return false;
    },
  );
  return { ...video, job_id: recorded ? jobId : video.job_id };
}
