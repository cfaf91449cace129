import { videoTemplate, type VideoBroker, type VideoJobView, type VideoView } from '#shared/catalogue/videos.ts';
import { Role } from '#shared/roles.ts';
import type { SessionUser } from '#shared/catalogue/session.ts';
import { forbidden, notFound } from '../plumbing/errors.ts';
import { mediaUrl } from '../plumbing/media.ts';
import { inPool } from '../plumbing/pool.ts';
import { startWorkflow } from '../plumbing/workflows.ts';
import { getListing, listingFieldsById, type StoredListing } from '../storage/listings.ts';
import { activeBrokersOfTeam, getUser } from '../storage/users.ts';
import { markVideoFailed, setJobId, type StoredVideo } from '../storage/videos.ts';
import { VIDEO_MESSAGES } from '#shared/catalogue/videos.ts';

/** The listing a caller asks videos about: staff any, a broker only their own (403). */
export async function listingForVideos(listingId: number, user: SessionUser): Promise<StoredListing> {
  const listing = await getListing(listingId);
  if (!listing) throw notFound('Listing not found.');
  if (user.role === Role.broker && listing.broker_id !== user.id) throw forbidden(VIDEO_MESSAGES.notYourListing);
  return listing;
}

const brokerOf = ({ id, firstname, lastname }: VideoBroker): VideoBroker => ({ id, firstname, lastname });

/**
 * Whether a broker may front a listing's video (its intro and outro show their name, phone, e-mail
 * and photo, and it plays on the listing's public page): the listing's broker, or a broker of their
 * team who is not suspended (those the panel offers, `teamBrokers`). Any other broker's identity is
 * not the requester's to use.
 */
export async function mayFrontVideo(memberId: number, listingBrokerId: number): Promise<boolean> {
  const [member, broker] = await Promise.all([getUser(memberId), getUser(listingBrokerId)]);
  if (member?.role !== Role.broker) return false;
  return member.id === listingBrokerId || (!member.suspended && member.team_id != null && member.team_id === broker?.team_id);
}

/**
 * The brokers the panel offers to front a new video of the listing: its broker (the default), then
 * the other brokers of their team who are not suspended, by last name; without a team, its broker
 * alone (the team: the brokers' role index filtered on it).
 */
export async function teamBrokers(listing: StoredListing): Promise<VideoBroker[]> {
  const own = brokerOf({ id: listing.broker_id, ...listing.broker });
  const teamId = (await getUser(listing.broker_id))?.team_id;
  if (teamId == null) return [own];
  const team = (await activeBrokersOfTeam(teamId)).filter((u) => u.id !== own.id);
  return [own, ...team.map(brokerOf)];
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

/**
 * The job monitor's rows: each job with its listing's address and the names of its brokers, read
 * for the page at once: a listing names its own broker, a user read names each other one.
 */
export async function jobViews(videos: readonly StoredVideo[]): Promise<VideoJobView[]> {
  const listings = await listingFieldsById(videos.map((v) => v.listing_id), ['address', 'broker_id', 'broker']);
  const names = new Map([...listings.values()].map((l): [number, VideoBroker] => [l.broker_id, brokerOf({ id: l.broker_id, ...l.broker })]));
  const unnamed = [...new Set(videos.flatMap((v) => [v.main_broker_id, v.current_broker_id]))].filter((id) => !names.has(id));
  await inPool(unnamed, 8, async (id) => {
    const user = await getUser(id);
    if (user) names.set(id, brokerOf(user));
  });
  return videos.map((v) => jobView(v, listings.get(v.listing_id)?.address ?? '', names));
}

function jobView(video: StoredVideo, address: string, names: ReadonlyMap<number, VideoBroker>): VideoJobView {
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
    brokers: [...new Set([video.main_broker_id, video.current_broker_id])].flatMap((id) => names.get(id) ?? []),
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
