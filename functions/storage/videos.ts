import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import * as z from '#shared/zod.ts';
import { VideoCreationStatus } from '#shared/enums.ts';
import type { VideoLogLine } from '#shared/catalogue/videos.ts';
import { db, tableName } from '../plumbing/aws.ts';
import { putNewItem } from '../plumbing/new-item.ts';
import { keys } from '../plumbing/keys.ts';
import { nextId } from '../plumbing/ids.ts';
import { byIndex, nextPageKey } from '../plumbing/query.ts';
import { schema } from '#shared/schema.ts';

/**
 * Automated videos (part 3 §3 "Video", "Automated video", "Video job"): the one module that reads
 * and writes video items and their run locks. A video is its own job (ADR 0240); every change of
 * status is conditional, so a reset never races a running job's own writes.
 *
 * Runs (ADR 0610): each time a video is queued its `run` number grows, and the workflow started for
 * it carries that number. The run lock is held by a video's run, not by the video, and every mark
 * of a run (running, uploaded, failed, its job id) is refused once a reset has started a newer run:
 * a reset of a job still running never has two runs of one video render at once, and the older
 * run's late marks change nothing. A failure never overwrites an uploaded video (status 2).
 */
const videoItem = /* @__PURE__ */ schema(() => z.object({
  id: z.number().int(),
  listing_id: z.number().int(),
  template_id: z.number().int(),
  status: z.number().int(),
  requested_at: z.string(),
  requested_by: z.number().int(),
  queued_at: z.array(z.string()).default([]),
  run_start_at: z.string().nullable().default(null),
  video_uploaded_at: z.string().nullable().default(null),
  mp4_key: z.string().nullable().default(null),
  instagram_key: z.string().nullable().default(null),
  duration_s: z.number().nullable().default(null),
  errors: z.array(z.string()).default([]),
  logs: z.array(z.object({ timestamp: z.string(), message: z.string() })).default([]),
  broker_team_member_id: z.number().int().nullable().default(null),
  is_broker_photo_visible: z.boolean().default(true),
  main_broker_id: z.number().int(),
  current_broker_id: z.number().int(),
  job_id: z.string().nullable().default(null),
  vm: z.string().nullable().default(null),
  version: z.number().int().default(1),
  /** The number of the latest run queued (0: never queued; items from before runs have none). */
  run: z.number().int().default(0),
}));
export type StoredVideo = z.infer<typeof videoItem>;

/** The most log lines one write appends, and the longest line kept (ffmpeg's stderr can be long). */
const MAX_LINES_PER_WRITE = 40;
const MAX_LINE_LENGTH = 500;

function toVideo(item: Record<string, unknown>): StoredVideo {
  return videoItem.parse(item);
}

export type NewVideo = Pick<StoredVideo, 'listing_id' | 'template_id' | 'requested_by' | 'broker_team_member_id' | 'is_broker_photo_visible' | 'main_broker_id' | 'current_broker_id'>;

/** A new video, requested (0), or already queued (1) when `queued` (tests and the demo seed; createVideo always makes it requested). */
export async function insertVideo(fields: NewVideo, queued: boolean, now = new Date()): Promise<StoredVideo> {
  const id = await nextId('video');
  const at = now.toISOString();
  const video = videoItem.parse({
    ...fields,
    id,
    status: queued ? VideoCreationStatus.enqueued : VideoCreationStatus.requested,
    run: queued ? 1 : 0,
    requested_at: at,
    queued_at: queued ? [at] : [],
    logs: [{ timestamp: at, message: queued ? 'Requested and queued.' : 'Requested.' }],
  });
  await putNewItem({
    TableName: tableName(),
    Item: { ...keys.video(id), ...keys.videoIndexes(video.listing_id, at, id), ...video },
    ConditionExpression: 'attribute_not_exists(pk)',
  });
  return video;
}

export async function getVideo(id: number): Promise<StoredVideo | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.video(id), ConsistentRead: true }));
  return Item ? toVideo(Item) : undefined;
}

/** A listing's videos, newest request first. */
export async function videosOfListing(listingId: number, limit = 50): Promise<StoredVideo[]> {
  const { Items = [] } = await db.send(new QueryCommand({ TableName: tableName(), ...byIndex('videosByListing', keys.videosOfListing(listingId)), ScanIndexForward: false, Limit: limit }));
  return Items.map(toVideo);
}

/** Every job, newest request first (the job monitor). */
export async function allVideoJobs(limit: number, start?: Record<string, unknown>): Promise<{ videos: StoredVideo[]; next?: Record<string, unknown> }> {
  const input = { TableName: tableName(), ...byIndex('allVideoJobs', keys.allVideoJobs), ScanIndexForward: false, Limit: limit };
  const page = await db.send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
  const next = await nextPageKey(input, page);
  return { videos: (page.Items ?? []).map(toVideo), ...(next ? { next } : {}) };
}

const lines = (messages: readonly string[], now: Date): VideoLogLine[] =>
  messages.slice(-MAX_LINES_PER_WRITE).map((message) => ({ timestamp: now.toISOString(), message: message.slice(0, MAX_LINE_LENGTH) }));

async function conditionalUpdate(input: ConstructorParameters<typeof UpdateCommand>[0]): Promise<StoredVideo | undefined> {
  try {
    const { Attributes } = await db.send(new UpdateCommand({ ...input, ReturnValues: 'ALL_NEW' }));
    return Attributes ? toVideo(Attributes) : undefined;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

/**
 * Which run a mark is for (ADR 0610): `{ id, run }` from the workflow, refused once a newer run
 * replaced it; a bare video id stands for whatever run is current (seeds and tests setting a state).
 */
export type VideoRunRef = number | { id: number; run: number };

/**
 * The video's key and, for a run, the condition that it is still the video's current run (run 0:
 * a video queued before runs existed has no `run` attribute), with the names and values it uses.
 */
function runTarget(ref: VideoRunRef): { id: number; expression: string; names: Record<string, string>; values: Record<string, unknown> } {
  if (typeof ref === 'number') return { id: ref, expression: 'attribute_exists(pk)', names: {}, values: {} };
  return {
    id: ref.id,
    expression: ref.run === 0 ? 'attribute_exists(pk) AND (attribute_not_exists(#run) OR #run = :run)' : 'attribute_exists(pk) AND #run = :run',
    names: { '#run': 'run' },
    values: { ':run': ref.run },
  };
}

const names = (n: Record<string, string>) => (Object.keys(n).length > 0 ? { ExpressionAttributeNames: n } : {});

const runName = (ref: VideoRunRef) => (typeof ref === 'number' ? '' : ` (run ${ref.run})`);

/**
 * Puts a video (back) in the queue: status → 1, the queue time appended, a new run number, on the
 * version read and only from one of `from`; undefined when it changed meanwhile or its status is
 * not one of them. The answer carries the new run, which the job started for it must carry.
 */
export function enqueueVideo(video: StoredVideo, from: readonly number[], message: string, now = new Date()): Promise<StoredVideo | undefined> {
  const allowed = from.map((_, i) => `:from${i}`);
  return conditionalUpdate({
    TableName: tableName(),
    Key: keys.video(video.id),
    UpdateExpression:
      'SET #status = :queued, #run = if_not_exists(#run, :zero) + :one, queued_at = list_append(queued_at, :at), logs = list_append(logs, :log), version = version + :one',
    ConditionExpression: `version = :v AND #status IN (${allowed.join(', ')})`,
    ExpressionAttributeNames: { '#status': 'status', '#run': 'run' },
    ExpressionAttributeValues: {
      ':queued': VideoCreationStatus.enqueued,
      ':zero': 0,
      ':at': [now.toISOString()],
      ':log': lines([message], now),
      ':one': 1,
      ':v': video.version,
      ...Object.fromEntries(from.map((s, i) => [`:from${i}`, s])),
    },
  });
}

/** The workflow execution that runs a run of the job (answered by the workflow port when it started); kept only while that run is the current one. */
export async function setJobId(ref: VideoRunRef, jobId: string): Promise<void> {
  const t = runTarget(ref);
  await conditionalUpdate({
    TableName: tableName(),
    Key: keys.video(t.id),
    UpdateExpression: 'SET job_id = :j',
    ConditionExpression: t.expression,
    ...names(t.names),
    ExpressionAttributeValues: { ':j': jobId, ...t.values },
  });
}

/** Appends log lines to a job (each run's steps write theirs). */
export async function appendVideoLogs(id: number, messages: readonly string[], now = new Date()): Promise<void> {
  if (messages.length === 0) return;
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.video(id),
      UpdateExpression: 'SET logs = list_append(if_not_exists(logs, :empty), :log)',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':log': lines(messages, now), ':empty': [] },
    }),
  );
}

/** A run started: its start time and where it runs; undefined when a newer run replaced it. */
export async function markVideoRunning(ref: VideoRunRef, vm: string, now = new Date()): Promise<StoredVideo | undefined> {
  const t = runTarget(ref);
  return conditionalUpdate({
    TableName: tableName(),
    Key: keys.video(t.id),
    UpdateExpression: 'SET run_start_at = :at, vm = :vm, logs = list_append(logs, :log), version = version + :one',
    ConditionExpression: t.expression,
    ...names(t.names),
    ExpressionAttributeValues: { ':at': now.toISOString(), ':vm': vm, ':log': lines([`Started on ${vm}${runName(ref)}.`], now), ':one': 1, ...t.values },
  });
}

/**
 * A run uploaded the video: status 2 with the MP4 keys (the previous failure's errors stay in
 * the history of logs); undefined when a newer run replaced it.
 */
export async function markVideoUploaded(ref: VideoRunRef, files: { mp4_key: string; instagram_key: string; duration_s: number }, now = new Date()): Promise<StoredVideo | undefined> {
  const t = runTarget(ref);
  return conditionalUpdate({
    TableName: tableName(),
    Key: keys.video(t.id),
    UpdateExpression:
      'SET #status = :success, mp4_key = :mp4, instagram_key = :insta, duration_s = :d, video_uploaded_at = :at, errors = :none, logs = list_append(logs, :log), version = version + :one',
    ConditionExpression: t.expression,
    ExpressionAttributeNames: { '#status': 'status', ...t.names },
    ExpressionAttributeValues: {
      ...t.values,
      ':success': VideoCreationStatus.success,
      ':mp4': files.mp4_key,
      ':insta': files.instagram_key,
      ':d': files.duration_s,
      ':at': now.toISOString(),
      ':none': [],
      ':log': lines(['Uploaded; the video is ready.'], now),
      ':one': 1,
    },
  });
}

/**
 * A run failed: status 3, the error appended to `errors`, its log lines to `logs`. Undefined
 * (nothing written) when a newer run replaced it or the video is uploaded (status 2): a late
 * failure never hides a finished video.
 */
export async function markVideoFailed(ref: VideoRunRef, error: string, logLines: readonly string[], now = new Date()): Promise<StoredVideo | undefined> {
  const t = runTarget(ref);
  return conditionalUpdate({
    TableName: tableName(),
    Key: keys.video(t.id),
    UpdateExpression: 'SET #status = :failure, errors = list_append(errors, :error), logs = list_append(logs, :log), version = version + :one',
    ConditionExpression: `${t.expression} AND #status <> :success`,
    ExpressionAttributeNames: { '#status': 'status', ...t.names },
    ExpressionAttributeValues: {
      ...t.values,
      ':success': VideoCreationStatus.success,
      ':failure': VideoCreationStatus.failure,
      ':error': [error.slice(0, MAX_LINE_LENGTH)],
      ':log': lines([...logLines, `Failed: ${error}`], now),
      ':one': 1,
    },
  });
}

/** Who holds a run lock: one run of one video. */
export type VideoRun = Pick<StoredVideo, 'id' | 'listing_id' | 'template_id' | 'run'>;

/**
 * The run lock of a listing + template (conditional write): taken when free, expired, or already
 * held by this very run of this video (a retried step). False when another video of the same
 * listing and template holds it, or another run of the same video (a reset while it runs): two
 * jobs for them never render at once.
 */
export async function takeVideoLock(video: VideoRun, holdSeconds: number, now = new Date()): Promise<boolean> {
  try {
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.videoLock(video.listing_id, video.template_id),
          holder: video.id,
          run: video.run,
          until: new Date(now.getTime() + holdSeconds * 1000).toISOString(),
          ttl: Math.floor(now.getTime() / 1000) + holdSeconds + 86_400,
        },
        ConditionExpression: 'attribute_not_exists(pk) OR (holder = :me AND #run = :run) OR #until < :now',
        ExpressionAttributeNames: { '#until': 'until', '#run': 'run' },
        ExpressionAttributeValues: { ':me': video.id, ':run': video.run, ':now': now.toISOString() },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Frees the lock if this run of this video holds it. */
export async function releaseVideoLock(video: VideoRun): Promise<void> {
  try {
    await db.send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.videoLock(video.listing_id, video.template_id),
        ConditionExpression: 'holder = :me AND #run = :run',
        ExpressionAttributeNames: { '#run': 'run' },
        ExpressionAttributeValues: { ':me': video.id, ':run': video.run },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}
