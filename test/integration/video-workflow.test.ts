import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tokenFor } from '../support/api.ts';
import { bodyOf, callOp, errorOf } from '../support/operations.ts';
import { getVideo, insertVideo } from '#functions/storage/videos.ts';
import { probeVideo } from '#functions/plumbing/video-render.ts';
import { useLocalWorkflowRunner, type WorkflowRunner } from '#functions/plumbing/workflows.ts';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#functions/plumbing/aws.ts';
import { keys } from '#functions/plumbing/keys.ts';
import { mediaKeys } from '#functions/plumbing/media.ts';
import { picturesOfListing } from '#functions/storage/pictures.ts';
import { VideoCreationStatus } from '#shared/enums.ts';
import { Role } from '#shared/roles.ts';
import { getDeliveryVideos, getListingVideos, videoSeconds, videoTemplate } from '#shared/catalogue/videos.ts';
import { ensureDistributionToken, getListing } from '#functions/storage/listings.ts';
import { WORKFLOWS } from '#shared/workflows/index.ts';
import { localWorkflowRunner } from '../../scripts/local/workflows.ts';
import { startVideoJob } from '#functions/use-cases/video-views.ts';
import { listingWithPictures } from './video-support.ts';

/**
 * The video workflow, run by the local Step Functions runner on the very definition the CDK
 * deploys: real ffmpeg renders of demo pictures, checked with ffprobe; a missing picture ends in
 * the failure state with its error and log lines on the video.
 */
const ROOT = join(import.meta.dirname, '../..');
let run: WorkflowRunner;
let work: string;

beforeAll(async () => {
  run = await localWorkflowRunner(ROOT, WORKFLOWS);
  work = mkdtempSync(join(tmpdir(), 'video-test-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function queuedVideo(listing: { id: number; broker_id: number }, templateId: number, photo = true) {
  return insertVideo(
    { listing_id: listing.id, template_id: templateId, requested_by: listing.broker_id, broker_team_member_id: null, is_broker_photo_visible: photo, main_broker_id: listing.broker_id, current_broker_id: listing.broker_id },
    true,
  );
}

describe('video workflow (queue → render → upload → mark success)', () => {
  it('renders the pictures in slideshow order as H.264 MP4s, 1920×1080 and 1080×1920, of the template’s length, uploaded to the media bucket', { timeout: 480_000 }, async () => {
    const listing = await listingWithPictures(2);
    const video = await queuedVideo(listing, 2);
    const output = (await run('videoWorkflow', { video_id: video.id, run: video.run })) as { status: number };
    expect(output.status).toBe(VideoCreationStatus.success);

    const stored = (await getVideo(video.id))!;
    expect(stored).toMatchObject({ status: VideoCreationStatus.success, errors: [] });
    expect(stored.video_uploaded_at).not.toBeNull();
    const expected = videoSeconds(videoTemplate(2)!, 2);
    expect(stored.duration_s).toBeCloseTo(expected, 1);
    expect(stored.logs.map((l) => l.message)).toEqual(expect.arrayContaining(["Rendering 2 pictures with template 'Dynamique'.", 'Uploaded; the video is ready.']));

    // The broker reads the video of their listing through presigned URLs, as the review screen and delivery page do.
    const { token } = await tokenFor(Role.broker);
    const [answered] = bodyOf(await callOp(getListingVideos, { listingId: listing.id }, token)).videos;
    for (const [url, size] of [
      [answered!.gcs_path_mp4, { width: 1920, height: 1080 }],
      [answered!.instagram_video, { width: 1080, height: 1920 }],
    ] as const) {
      const res = await fetch(url!);
      expect(res.status).toBe(200);
      const file = join(work, `${size.width}.mp4`);
      writeFileSync(file, new Uint8Array(await res.arrayBuffer()));
      const probed = await probeVideo(file);
      // Template 2's own score (ADR 0243), as AAC beside the picture.
      expect(probed).toMatchObject({ codec: 'h264', audio: 'aac', ...size });
      expect(Math.abs(probed.seconds - expected)).toBeLessThan(0.15);
    }

    // The public delivery page shows the uploaded video, without a session.
    const distribution = await ensureDistributionToken((await getListing(listing.id))!);
    const delivered = bodyOf(await callOp(getDeliveryVideos, { token: distribution })).videos;
    expect(delivered).toEqual([expect.objectContaining({ id: video.id, template_name: 'Dynamique', duration_s: stored.duration_s })]);
    expect((await fetch(delivered[0]!.gcs_path_mp4)).headers.get('content-type')).toBe('video/mp4');
  });

  it('shows no video on the delivery page until one is uploaded; an unknown token is 404', async () => {
    const listing = await listingWithPictures(0);
    await queuedVideo(listing, 1);
    const token = await ensureDistributionToken((await getListing(listing.id))!);
    expect(bodyOf(await callOp(getDeliveryVideos, { token })).videos).toEqual([]);
    errorOf(await callOp(getDeliveryVideos, { token: 'x'.repeat(43) }), 404);
  });

  it('ends in the failure state when a picture is missing, with the error and the log lines recorded on the video', { timeout: 120_000 }, async () => {
    const listing = await listingWithPictures(3, { missing: [1] });
    const video = await queuedVideo(listing, 1);
    await expect(run('videoWorkflow', { video_id: video.id, run: video.run })).rejects.toThrow(/recorded on the video/);

    const stored = (await getVideo(video.id))!;
    expect(stored.status).toBe(VideoCreationStatus.failure);
    expect(stored.errors).toEqual([expect.stringMatching(/^VideoInputError: Picture #2 \(listings\/\d+\/shootings\/\d+\/pictures\/001\.jpg\) is missing from the media bucket\.$/)]);
    const messages = stored.logs.map((l) => l.message);
    expect(messages.some((m) => m.startsWith('Started on '))).toBe(true);
    expect(messages.at(-1)).toBe(`Failed: ${stored.errors[0]}`);
    expect(stored.mp4_key).toBeNull();
  });
});

describe('a watermarked picture in a video', () => {
  it('is rendered as the delivery page gives it: its watermarked file, never its clean original (ADR 0250)', { timeout: 120_000 }, async () => {
    const listing = await listingWithPictures(2);
    const second = (await picturesOfListing(listing.id)).find((p) => p.picture_index === 1)!;
    // Its watermarked file is named but absent: the job says which file it read.
    const watermarked = mediaKeys.watermarked(listing.id, second.shooting_id, 1);
    await db.send(
      new UpdateCommand({ TableName: tableName(), Key: keys.picture(listing.id, second.shooting_id, 1), UpdateExpression: 'SET show_watermark = :t, watermarked_key = :k', ExpressionAttributeValues: { ':t': true, ':k': watermarked } }),
    );
    const video = await queuedVideo(listing, 1);
    await expect(run('videoWorkflow', { video_id: video.id, run: video.run })).rejects.toThrow(/recorded on the video/);
    expect((await getVideo(video.id))!.errors).toEqual([`VideoInputError: Picture #2 (${watermarked}) is missing from the media bucket.`]);
  });
});

describe('a video job whose start is answered but whose job id cannot be written', () => {
  it('is answered started (the workflow runs), not as an error the caller would answer by asking again', async () => {
    const listing = await listingWithPictures(1);
    const video = await queuedVideo(listing, 2);
    const started: unknown[] = [];
    useLocalWorkflowRunner(async (_workflow, input) => void started.push(input));
    const send = db.send.bind(db);
    const spy = vi.spyOn(db, 'send').mockImplementation(((command: { input?: { UpdateExpression?: string } }) =>
      command.input?.UpdateExpression === 'SET job_id = :j' ? Promise.reject(new Error('throttled')) : send(command as Parameters<typeof send>[0])) as typeof db.send);
    try {
      expect((await startVideoJob(video)).job_id).toBeNull();
    } finally {
      spy.mockRestore();
      useLocalWorkflowRunner(undefined);
    }
    expect(started).toEqual([{ video_id: video.id, run: video.run }]);
    expect((await getVideo(video.id))!.status).not.toBe(VideoCreationStatus.failure);
  });
});

describe('a video job that cannot start', () => {
  it('marks the video failed (reset and queued again from the job monitor) instead of leaving it enqueued with no job', async () => {
    // This test process has no local runner and no state machine to call: the start itself fails.
    const listing = await listingWithPictures(1);
    const video = await queuedVideo(listing, 2);
    await expect(startVideoJob(video)).rejects.toThrow();
    const stored = (await getVideo(video.id))!;
    expect(stored.status).toBe(VideoCreationStatus.failure);
    expect(stored.job_id).toBeNull();
    expect(stored.errors.at(-1)).toMatch(/^The video job could not start: /);
  });
});
