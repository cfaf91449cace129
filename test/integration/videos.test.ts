import { describe, expect, it } from 'vitest';
import { tokenFor } from '../support/api.ts';
import { bodyOf, callOp, errorOf } from '../support/operations.ts';
import { getVideo, markVideoUploaded, releaseVideoLock, takeVideoLock } from '#functions/storage/videos.ts';
import { VideoCreationStatus } from '#shared/enums.ts';
import { Role, type RoleId } from '#shared/roles.ts';
import { VIDEO_MESSAGES, VIDEO_TEMPLATES, addVideoToQueue, createVideo, getListingVideos, getVideoJobLogs, getVideoJobs, getVideoTemplates, resetVideoJob } from '#shared/catalogue/videos.ts';
import { findUserByEmail } from '#functions/storage/users.ts';
import { SECOND_BROKER } from '../../scripts/local/seed/brokers-listings.ts';
import { listingWithPictures } from './video-support.ts';

const STAFF: readonly RoleId[] = [Role.superadmin, Role.admin, Role.tech_capture, Role.tech_postprod, Role.tech_postprod_lead];

/** Waits until the video's job has finished its run (the workflow runs in the stack's background). */
async function settled(id: number, from: number) {
  for (let i = 0; i < 300; i++) {
    const video = await getVideo(id);
    if (video && video.status !== VideoCreationStatus.enqueued && video.version > from) return video;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`video ${id} did not settle`);
}

describe('video templates', () => {
  it('answers the templates to the staff of the monitor and to brokers, not to other roles', async () => {
    for (const role of [...STAFF, Role.broker]) {
      const { token } = await tokenFor(role);
      const { templates } = bodyOf(await callOp(getVideoTemplates, {}, token));
      expect(templates.map((t) => t.template_name)).toEqual(VIDEO_TEMPLATES.map((t) => t.template_name));
    }
    for (const role of [Role.client, Role.social_medias, Role.sales]) errorOf(await callOp(getVideoTemplates, {}, (await tokenFor(role)).token), 403);
  });
});

describe('createVideo, addVideoToQueue, getListingVideos', () => {
  it('staff create a requested video (status 0) with a chosen template, then queue it; a queued video cannot be queued again', async () => {
    const listing = await listingWithPictures(0);
    const { token } = await tokenFor(Role.tech_postprod);
    const { video } = bodyOf(await callOp(createVideo, { listingId: listing.id, templateId: 1, is_broker_photo_visible: false }, token));
    expect(video).toMatchObject({ listing_id: listing.id, template_name: 'Classique', status: VideoCreationStatus.requested, queued_at: [], gcs_path_mp4: null, is_broker_photo_visible: false });
    const { videos } = bodyOf(await callOp(getListingVideos, { listingId: listing.id }, token));
    expect(videos.map((v) => v.id)).toEqual([video.id]);

    const queued = bodyOf(await callOp(addVideoToQueue, { videoId: video.id }, token)).video;
    expect(queued.status).toBe(VideoCreationStatus.enqueued);
    expect(queued.queued_at).toHaveLength(1);
    // The listing has no pictures: the job ends in the failure state, with its error.
    const failed = await settled(video.id, queued.version);
    expect(failed.status).toBe(VideoCreationStatus.failure);
    expect(failed.errors.at(-1)).toMatch(/VideoInputError: The listing has no pictures/);
    // A failed video may be queued again. Another video of the listing and template holds the run
    // lock meanwhile, so the job waits queued (without it, the job could fail before the next call).
    const holder = { id: 900_010, listing_id: listing.id, template_id: 1 };
    expect(await takeVideoLock(holder, 60)).toBe(true);
    try {
      expect(bodyOf(await callOp(addVideoToQueue, { videoId: video.id }, token)).video.status).toBe(VideoCreationStatus.enqueued);
      expect(errorOf(await callOp(addVideoToQueue, { videoId: video.id }, token), 409).message).toBe(VIDEO_MESSAGES.alreadyQueued);
    } finally {
      await releaseVideoLock(holder);
    }
  });

  it('refuses a video without a template, or with a template that does not exist (400 with the field)', async () => {
    const listing = await listingWithPictures(0);
    const { token } = await tokenFor(Role.admin);
    const missing = errorOf(await callOp(createVideo, { listingId: listing.id } as never, token), 400);
    expect(missing.fields?.templateId).toEqual([VIDEO_MESSAGES.templateRequired]);
    const unknown = errorOf(await callOp(createVideo, { listingId: listing.id, templateId: 99 }, token), 400);
    expect(unknown.fields?.templateId).toEqual([VIDEO_MESSAGES.unknownTemplate]);
    errorOf(await callOp(createVideo, { listingId: 987654321, templateId: 1 }, token), 404);
  });

  it("a broker's request on their own listing is queued and started at once; other brokers' listings are refused", async () => {
    const own = await listingWithPictures(0);
    const second = (await findUserByEmail(SECOND_BROKER.email))!;
    const others = await listingWithPictures(0, { brokerId: second.id });
    const { token } = await tokenFor(Role.broker);
    const { video } = bodyOf(await callOp(createVideo, { listingId: own.id, templateId: 2 }, token));
    expect(video.status).toBe(VideoCreationStatus.enqueued);
    expect(video.queued_at).toHaveLength(1);
    expect(bodyOf(await callOp(getListingVideos, { listingId: own.id }, token)).videos[0]!.id).toBe(video.id);
    expect(errorOf(await callOp(createVideo, { listingId: others.id, templateId: 2 }, token), 403).message).toBe(VIDEO_MESSAGES.notYourListing);
    errorOf(await callOp(getListingVideos, { listingId: others.id }, token), 403);
    // Queuing by hand and the monitor are the staff's.
    errorOf(await callOp(addVideoToQueue, { videoId: video.id }, token), 403);
    errorOf(await callOp(getVideoJobs, {}, token), 403);
  });
});

describe('job monitor: getVideoJobs, getVideoJobLogs, resetVideoJob', () => {
  it('lists the jobs with status and timestamps, answers their logs, resets a failed job and refuses to reset an uploaded one', async () => {
    const listing = await listingWithPictures(0);
    const admin = (await tokenFor(Role.admin)).token;
    const { video } = bodyOf(await callOp(createVideo, { listingId: listing.id, templateId: 3 }, admin));
    const queued = bodyOf(await callOp(addVideoToQueue, { videoId: video.id }, admin)).video;
    const failed = await settled(video.id, queued.version);

    for (const role of STAFF) {
      const { token } = await tokenFor(role);
      const { status, jobs } = bodyOf(await callOp(getVideoJobs, {}, token));
      expect(status).toBe(200);
      const job = jobs.find((j) => j.id === video.id);
      expect(job, `role ${role}`).toMatchObject({ listing_id: listing.id, address: listing.address, status: VideoCreationStatus.failure, template_name: 'Élégance' });
      expect(job?.job_id).toMatch(/videoWorkflow/);
      expect(job?.run_start_at).not.toBeNull();
      expect(job?.vm).toMatch(/local runner/);
    }
    const { logs } = bodyOf(await callOp(getVideoJobLogs, { id: video.id }, admin));
    const messages = logs.map((l) => l.message);
    expect(messages[0]).toBe('Requested.');
    expect(messages).toContain(`Queued by user ${failed.requested_by}.`);
    expect(messages.some((m) => m.startsWith('Started on local runner'))).toBe(true);
    expect(messages.at(-1)).toMatch(/^Failed: VideoInputError/);
    for (const line of logs) expect(Date.parse(line.timestamp)).not.toBeNaN();

    const reset = bodyOf(await callOp(resetVideoJob, { id: video.id }, (await tokenFor(Role.tech_postprod_lead)).token)).job;
    expect(reset.status).toBe(VideoCreationStatus.enqueued);
    await settled(video.id, failed.version + 1);

    await markVideoUploaded(video.id, { mp4_key: 'listings/0/videos/0/landscape.mp4', instagram_key: 'listings/0/videos/0/instagram.mp4', duration_s: 10 });
    expect(errorOf(await callOp(resetVideoJob, { id: video.id }, admin), 409).message).toBe(VIDEO_MESSAGES.resetUploaded);
    errorOf(await callOp(resetVideoJob, { id: 987654321 }, admin), 404);
    errorOf(await callOp(getVideoJobLogs, { id: video.id }, (await tokenFor(Role.broker)).token), 403);
  });
});

describe('run lock', () => {
  it('lets one job of a listing and template render at a time; the holder may take it again; released, another may', async () => {
    const a = { id: 900001, listing_id: 424242, template_id: 1 };
    const b = { id: 900002, listing_id: 424242, template_id: 1 };
    const other = { id: 900003, listing_id: 424242, template_id: 2 };
    expect(await takeVideoLock(a, 60)).toBe(true);
    expect(await takeVideoLock(b, 60)).toBe(false);
    expect(await takeVideoLock(a, 60)).toBe(true);
    expect(await takeVideoLock(other, 60)).toBe(true);
    await releaseVideoLock(b); // not the holder: nothing happens
    expect(await takeVideoLock(b, 60)).toBe(false);
    await releaseVideoLock(a);
    expect(await takeVideoLock(b, 60)).toBe(true);
    // An expired lock (a job that died holding it) is taken over.
    expect(await takeVideoLock(a, 60, new Date(Date.now() + 61_000))).toBe(true);
    await Promise.all([releaseVideoLock(a), releaseVideoLock(other)]);
  });
});
