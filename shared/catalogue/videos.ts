import * as z from '../zod.ts';
import { ADMIN_ROLES, Role } from '../roles.ts';
import { VideoCreationStatus } from '../enums.ts';
import { defineOperation } from './operation.ts';
import { schema } from '#shared/schema.ts';

/**
 * Automated listing videos (part 3 §3 "Video", "Template", "Automated video", "Video job"; §4
 * "Video"; §7 "video templates; listing videos; create video; add video to queue" and "video jobs;
 * reset job; logs for job"). A video is rendered by the video workflow (shared/workflows/video.ts)
 * with ffmpeg from the listing's pictures in slideshow order; a video IS its job (the monitor's
 * job id is the video id). Choices: docs/decisions/0240-automated-videos.md.
 */

/** The roles of /video_dashboard, /facebook_page_manager and the review screen's video panel (part 3 §2: 1, 2, 4, 5, 8). */
export const VIDEO_STAFF_ROLES = [Role.superadmin, Role.admin, Role.tech_capture, Role.tech_postprod, Role.tech_postprod_lead] as const;
/** Staff, and the broker for their own listings. */
export const VIDEO_REQUEST_ROLES = [...VIDEO_STAFF_ROLES, Role.broker] as const;

export const VIDEO_MESSAGES = {
  /** Part 3 §5: 'A video can only be created with a chosen template.' */
  templateRequired: 'A video can only be created with a chosen template.',
  unknownTemplate: 'This template does not exist.',
  notYourListing: 'You can request videos only for your own listings.',
  notTeamMember: "This broker is not the listing's broker nor of their team.",
  resetUploaded: 'A video that was uploaded (status 2) cannot be reset.',
  alreadyQueued: 'This video is already in the queue.',
  changedMeanwhile: 'This job changed meanwhile; reload and try again.',
  queueIsAdmins: 'Only an administrator can start a requested video.',
} as const;

/**
 * A template: how long each picture shows, the transition between pictures (an ffmpeg xfade
 * transition), the intro and outro titles' length and how many pictures it takes at most
 * (about 10 when no recommendation range is given, part 3 §9), and its music: one of the
 * project's own scores, synthesized at render time (ADR 0243), or none.
 */
export interface VideoTemplate {
  id: number;
  template_name: string;
  seconds_per_picture: number;
  transition: 'fade' | 'slideleft' | 'dissolve' | 'smoothleft' | 'circleopen';
  transition_seconds: number;
  title_seconds: number;
  max_pictures: number;
  /** Background of the intro and outro titles (ffmpeg colour). */
  title_colour: string;
  music: VideoScoreName | null;
}

/** The project's own scores (functions/plumbing/video-music.ts). */
export type VideoScoreName = 'calm' | 'bright';

export const VIDEO_TEMPLATES: readonly VideoTemplate[] = [
  { id: 1, template_name: 'Classique', seconds_per_picture: 3, transition: 'fade', transition_seconds: 0.8, title_seconds: 3, max_pictures: 10, title_colour: '0x1f2a36', music: 'calm' },
  { id: 2, template_name: 'Dynamique', seconds_per_picture: 2, transition: 'slideleft', transition_seconds: 0.5, title_seconds: 2.5, max_pictures: 12, title_colour: '0x7a1f1f', music: 'bright' },
  { id: 3, template_name: 'Élégance', seconds_per_picture: 4, transition: 'dissolve', transition_seconds: 1, title_seconds: 3.5, max_pictures: 10, title_colour: '0x2b2b2b', music: null },
];

export function videoTemplate(id: number): VideoTemplate | undefined {
  return VIDEO_TEMPLATES.find((t) => t.id === id);
}

/** Total length of a video of `pictures` pictures (intro + pictures + outro, less the overlaps). */
export function videoSeconds(template: VideoTemplate, pictures: number): number {
  const clips = [template.title_seconds, ...Array.from({ length: pictures }, () => template.seconds_per_picture + template.transition_seconds), template.title_seconds];
  return clips.reduce((a, b) => a + b, 0) - (clips.length - 1) * template.transition_seconds;
}

const id = /* @__PURE__ */ schema(() => z.coerce.number().int().positive());
const status = /* @__PURE__ */ schema(() => z.number().int().min(VideoCreationStatus.requested).max(VideoCreationStatus.failure));

export const videoTemplateView = /* @__PURE__ */ schema(() => z.object({ id: z.number().int(), template_name: z.string(), thumbnail_url: z.string().nullable(), seconds_per_picture: z.number(), max_pictures: z.number().int() }));

/** A broker as the videos area names them: who fronts a video, and the brokers of a job. */
export const videoBroker = /* @__PURE__ */ schema(() => z.object({ id: z.number().int(), firstname: z.string(), lastname: z.string() }));
export type VideoBroker = z.infer<typeof videoBroker>;

export const videoLogLine = /* @__PURE__ */ schema(() => z.object({ timestamp: z.string(), message: z.string() }));
export type VideoLogLine = z.infer<typeof videoLogLine>;

/** A listing's video (part 3 §3 "Video" + "Automated video"); the MP4 URLs are presigned media URLs. */
export const videoView = /* @__PURE__ */ schema(() => z.object({
  id: z.number().int(),
  listing_id: z.number().int(),
  template_id: z.number().int(),
  template_name: z.string(),
  status,
  requested_at: z.string(),
  queued_at: z.array(z.string()),
  run_start_at: z.string().nullable(),
  video_uploaded_at: z.string().nullable(),
  /** 1920×1080 H.264 MP4 (the field keeps the spec's name). */
  gcs_path_mp4: z.string().nullable(),
  /** 1080×1920 H.264 MP4 for Instagram. */
  instagram_video: z.string().nullable(),
  duration_s: z.number().nullable(),
  errors: z.array(z.string()),
  broker_team_member_id: z.number().int().nullable(),
  is_broker_photo_visible: z.boolean(),
  version: z.number().int(),
}));
export type VideoView = z.infer<typeof videoView>;

/** A row of the job monitor (part 3 §3 "Video job"). */
export const videoJobView = /* @__PURE__ */ schema(() => z.object({
  id: z.number().int(),
  /** The workflow execution that ran (or runs) the job, null before the first run. */
  job_id: z.string().nullable(),
  listing_id: z.number().int(),
  address: z.string(),
  template_name: z.string(),
  status,
  requested_at: z.string(),
  run_start_at: z.string().nullable(),
  video_uploaded_at: z.string().nullable(),
  current_broker_id: z.number().int(),
  main_broker_id: z.number().int(),
  secondary_broker_id: z.number().int().nullable(),
  /** The names of the job's main and current (secondary) brokers; a broker whose user is gone is left out. */
  brokers: z.array(videoBroker),
  /** Where the job ran: the Lambda function's name (AWS) or the local runner's host name. */
  vm: z.string().nullable(),
  errors: z.array(z.string()),
  version: z.number().int(),
}));
export type VideoJobView = z.infer<typeof videoJobView>;

/** How many jobs the monitor shows (newest first, one bounded index Query). */
export const VIDEO_JOBS_LIMIT = 200;

export const getVideoTemplates = /* @__PURE__ */ defineOperation(() => ({
  id: 'getVideoTemplates',
  area: 'videos',
  method: 'GET',
  path: '/api/video-templates',
  access: VIDEO_REQUEST_ROLES,
  summary: 'The video templates (name, seconds per picture, how many pictures at most).',
  input: z.object({}),
  output: z.object({ templates: z.array(videoTemplateView) }),
  resources: ['table'],
  writes: [],
}));

export const getListingVideos = /* @__PURE__ */ defineOperation(() => ({
  id: 'getListingVideos',
  area: 'videos',
  method: 'GET',
  path: '/api/listings/{listingId}/videos',
  access: VIDEO_REQUEST_ROLES,
  summary:
    "A listing's automated videos, newest first, with presigned MP4 URLs once uploaded, and the brokers who may front a new one (its broker and their team's). A broker reads only their own listings' (403).",
  input: z.object({ listingId: id }),
  output: z.object({
    videos: z.array(videoView),
    /** Who may front a new video (createVideo's broker_team_member_id): the listing's broker first, then the other brokers of their team by last name. */
    team_brokers: z.array(videoBroker),
  }),
  resources: ['table', 'mediaBucket'],
  writes: [],
}));

export const createVideo = /* @__PURE__ */ defineOperation(() => ({
  id: 'createVideo',
  area: 'videos',
  method: 'POST',
  path: '/api/listings/{listingId}/videos',
  access: VIDEO_REQUEST_ROLES,
  summary:
    "Creates a video of the listing with a template, requested (status 0): a broker (own listings only) or staff; an admin queues it with addVideoToQueue (part 3 §4).",
  input: z.object({
    listingId: id,
    templateId: z.coerce.number(VIDEO_MESSAGES.templateRequired).int(VIDEO_MESSAGES.templateRequired).positive(VIDEO_MESSAGES.templateRequired),
    is_broker_photo_visible: z.boolean().default(true),
    broker_team_member_id: z.number().int().positive().nullable().default(null),
  }),
  output: z.object({ video: videoView }),
  resources: ['table', 'mediaBucket'],
  writes: ['table'],
}));

export const addVideoToQueue = /* @__PURE__ */ defineOperation(() => ({
  id: 'addVideoToQueue',
  area: 'videos',
  method: 'POST',
  path: '/api/videos/{videoId}/queue',
  // Part 3 §4: a requested video is queued by an admin (§6: roles 1 and 2); other staff create it requested.
  access: ADMIN_ROLES,
  summary: 'Queues a requested or failed video (status 0 or 3 → 1) and starts its job (admins, part 3 §4); 409 when it is queued or uploaded.',
  input: z.object({ videoId: id }),
  output: z.object({ video: videoView }),
  resources: ['table', 'mediaBucket', 'videoWorkflow'],
  writes: ['table'],
}));

export const getVideoJobs = /* @__PURE__ */ defineOperation(() => ({
  id: 'getVideoJobs',
  area: 'videos',
  method: 'GET',
  path: '/api/video-jobs',
  access: VIDEO_STAFF_ROLES,
  summary: `The video jobs, newest request first, ${VIDEO_JOBS_LIMIT} a page; \`next\` (a signed cursor) asks for the following page.`,
  input: z.object({ cursor: z.string().max(2000).regex(/^[A-Za-z0-9_-]+$/).optional() }),
  output: z.object({ status: z.literal(200), jobs: z.array(videoJobView), next: z.string().optional() }),
  resources: ['table'],
  writes: [],
}));

export const resetVideoJob = /* @__PURE__ */ defineOperation(() => ({
  id: 'resetVideoJob',
  area: 'videos',
  method: 'POST',
  path: '/api/video-jobs/{id}/reset',
  access: VIDEO_STAFF_ROLES,
  summary: 'Puts a job back in the queue (status 1) and starts it again; allowed when its status is not 2 (409 otherwise). A requested job (status 0) has never run: starting it is queueing it, an admin\'s (403 otherwise, part 3 §4).',
  input: z.object({ id }),
  output: z.object({ job: videoJobView }),
  resources: ['table', 'videoWorkflow'],
  writes: ['table'],
}));

export const getVideoJobLogs = /* @__PURE__ */ defineOperation(() => ({
  id: 'getVideoJobLogs',
  area: 'videos',
  method: 'GET',
  path: '/api/video-jobs/{id}/logs',
  access: VIDEO_STAFF_ROLES,
  summary: "A job's log lines (timestamp, message), oldest first, every run included.",
  input: z.object({ id }),
  output: z.object({ logs: z.array(videoLogLine) }),
  resources: ['table'],
  writes: [],
}));

/** The uploaded videos of a listing on its public delivery page (no login; the distribution token decides). */
export const getDeliveryVideos = /* @__PURE__ */ defineOperation(() => ({
  id: 'getDeliveryVideos',
  area: 'videos',
  method: 'GET',
  path: '/api/delivery/{token}/videos',
  access: 'public',
  summary: "The uploaded automated videos (status 2) of a delivery token's listing, newest first, as presigned MP4 URLs; unknown token: 404.",
  input: z.object({ token: z.string().min(16).max(128).regex(/^[A-Za-z0-9_-]+$/, 'Not a delivery token.') }),
  output: z.object({
    videos: z.array(z.object({ id: z.number().int(), template_name: z.string(), gcs_path_mp4: z.string(), instagram_video: z.string().nullable(), duration_s: z.number().nullable() })),
  }),
  resources: ['table', 'mediaBucket'],
  writes: [],
}));
