import { describe, expect, it } from 'vitest';
import { hostname } from 'node:os';
import { tokenFor } from '../support/api.ts';
import { bodyOf, callOp, errorOf } from '../support/operations.ts';
import { enqueueVideo, getVideo, insertVideo, markVideoFailed, markVideoRunning, markVideoUploaded, releaseVideoLock, takeVideoLock } from '#functions/storage/videos.ts';
import { handler as queueStep } from '#functions/workflows/video-queue.ts';
import { handler as renderStep } from '#functions/workflows/video-render.ts';
import { handler as markFailureStep } from '#functions/workflows/video-mark-failure.ts';
import { handler as markSuccessStep } from '#functions/workflows/video-mark-success.ts';
import { VideoCreationStatus } from '#shared/enums.ts';
import { Role, type RoleId } from '#shared/roles.ts';
import { VIDEO_JOBS_LIMIT, VIDEO_MESSAGES, VIDEO_TEMPLATES, addVideoToQueue, createVideo, getListingVideos, getVideoJobLogs, getVideoJobs, getVideoTemplates, resetVideoJob } from '#shared/catalogue/videos.ts';
import { newUser } from './session-support.ts';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#functions/plumbing/aws.ts';
import { keys } from '#functions/plumbing/keys.ts';
import { brokerTeam, listingWithPictures } from './video-support.ts';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { VIDEO_TEMPLATE_THUMBNAIL } from '#shared/rules/video-template-thumbnail.ts';

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
    // Each with its thumbnail: a JPEG frame of its rendering among the web app's static files.
    const { templates } = bodyOf(await callOp(getVideoTemplates, {}, (await tokenFor(Role.admin)).token));
    for (const template of templates) {
      expect(template.thumbnail_url).toBe(`/video-templates/${template.id}.jpg`);
      const file = fileURLToPath(new URL(`../../web/public${template.thumbnail_url}`, import.meta.url));
      expect(await sharp(file).metadata()).toMatchObject({ format: 'jpeg', ...VIDEO_TEMPLATE_THUMBNAIL });
    }
    for (const role of [Role.client, Role.social_medias, Role.sales]) errorOf(await callOp(getVideoTemplates, {}, (await tokenFor(role)).token), 403);
  });
});

describe('createVideo, addVideoToQueue, getListingVideos', () => {
  it('staff create a requested video (status 0) with a chosen template; an admin queues it (part 3 §4), other staff may not; a queued video cannot be queued again', async () => {
    const listing = await listingWithPictures(0);
    const { token: staff } = await tokenFor(Role.tech_postprod);
    const { token } = await tokenFor(Role.admin);
    const { video } = bodyOf(await callOp(createVideo, { listingId: listing.id, templateId: 1, is_broker_photo_visible: false }, staff));
    expect(video).toMatchObject({ listing_id: listing.id, template_name: 'Classique', status: VideoCreationStatus.requested, queued_at: [], gcs_path_mp4: null, is_broker_photo_visible: false });
    const { videos } = bodyOf(await callOp(getListingVideos, { listingId: listing.id }, staff));
    expect(videos.map((v) => v.id)).toEqual([video.id]);
    for (const role of [Role.tech_capture, Role.tech_postprod, Role.tech_postprod_lead]) errorOf(await callOp(addVideoToQueue, { videoId: video.id }, (await tokenFor(role)).token), 403);
    expect(bodyOf(await callOp(getListingVideos, { listingId: listing.id }, staff)).videos.map((v) => v.status)).toEqual([VideoCreationStatus.requested]);

    const queued = bodyOf(await callOp(addVideoToQueue, { videoId: video.id }, token)).video;
    expect(queued.status).toBe(VideoCreationStatus.enqueued);
    expect(queued.queued_at).toHaveLength(1);
    // The listing has no pictures: the job ends in the failure state, with its error.
    const failed = await settled(video.id, queued.version);
    expect(failed.status).toBe(VideoCreationStatus.failure);
    expect(failed.errors.at(-1)).toMatch(/VideoInputError: The listing has no pictures/);
    // A failed video may be queued again. Another video of the listing and template holds the run
    // lock meanwhile, so the job waits queued (without it, the job could fail before the next call).
    const holder = { id: 900_010, listing_id: listing.id, template_id: 1, run: 1 };
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

  it("puts on a video only the listing's broker or a broker of their team (400 on broker_team_member_id otherwise)", async () => {
    const { broker, teammate, stranger } = await brokerTeam();
    const listing = await listingWithPictures(0, { brokerId: broker.id });
    const staff = await newUser(Role.admin);
    const { token } = await tokenFor(Role.admin);
    for (const member of [broker.id, teammate.id]) {
      expect(bodyOf(await callOp(createVideo, { listingId: listing.id, templateId: 1, broker_team_member_id: member }, token)).video.broker_team_member_id).toBe(member);
    }
    for (const member of [stranger.id, staff.id]) {
      const refused = errorOf(await callOp(createVideo, { listingId: listing.id, templateId: 1, broker_team_member_id: member }, token), 400);
      expect(refused.fields?.broker_team_member_id).toEqual([VIDEO_MESSAGES.notTeamMember]);
    }
    // A suspended teammate is no longer offered by the panel, nor accepted from any other client.
    await db.send(new UpdateCommand({ TableName: tableName(), Key: keys.user(teammate.id), UpdateExpression: 'SET suspended = :s', ExpressionAttributeValues: { ':s': true } }));
    const suspended = errorOf(await callOp(createVideo, { listingId: listing.id, templateId: 1, broker_team_member_id: teammate.id }, token), 400);
    expect(suspended.fields?.broker_team_member_id).toEqual([VIDEO_MESSAGES.notTeamMember]);
  });

  it("offers to front a new video the listing's broker first, then their team's brokers, not another team's; without a team, the listing's broker alone", async () => {
    const { broker, teammate, stranger } = await brokerTeam();
    const listing = await listingWithPictures(0, { brokerId: broker.id });
    for (const role of [Role.admin, Role.tech_postprod]) {
      const { team_brokers } = bodyOf(await callOp(getListingVideos, { listingId: listing.id }, (await tokenFor(role)).token));
      expect(team_brokers).toEqual([broker, teammate]);
      expect(team_brokers.map((b) => b.id)).not.toContain(stranger.id);
    }
    // A suspended teammate is no longer offered.
    await db.send(new UpdateCommand({ TableName: tableName(), Key: keys.user(teammate.id), UpdateExpression: 'SET suspended = :s', ExpressionAttributeValues: { ':s': true } }));
    expect(bodyOf(await callOp(getListingVideos, { listingId: listing.id }, (await tokenFor(Role.admin)).token)).team_brokers).toEqual([broker]);
    const alone = await listingWithPictures(0, { brokerId: (await newUser(Role.broker)).id });
    const { team_brokers } = bodyOf(await callOp(getListingVideos, { listingId: alone.id }, (await tokenFor(Role.admin)).token));
    expect(team_brokers).toEqual([{ id: alone.broker_id, ...alone.broker }]);
  });

  it("a broker's request on their own listing is requested (status 0) until an admin queues it (part 3 §4); other brokers' listings are refused", async () => {
    const own = await listingWithPictures(0);
    // Another broker of this test's own: the seeded ones' lists are other files' to count (deliveries.test.ts).
    const others = await listingWithPictures(0, { brokerId: (await newUser(Role.broker)).id });
    const { token } = await tokenFor(Role.broker);
    const { video } = bodyOf(await callOp(createVideo, { listingId: own.id, templateId: 2 }, token));
    expect(video).toMatchObject({ status: VideoCreationStatus.requested, queued_at: [] });
    expect((await getVideo(video.id))?.job_id ?? null).toBeNull();
    expect(bodyOf(await callOp(getListingVideos, { listingId: own.id }, token)).videos.map((v) => [v.id, v.status])).toEqual([[video.id, VideoCreationStatus.requested]]);
    expect(bodyOf(await callOp(addVideoToQueue, { videoId: video.id }, (await tokenFor(Role.admin)).token)).video).toMatchObject({ status: VideoCreationStatus.enqueued, queued_at: [expect.any(String)] });
    expect(errorOf(await callOp(createVideo, { listingId: others.id, templateId: 2 }, token), 403).message).toBe(VIDEO_MESSAGES.notYourListing);
    errorOf(await callOp(getListingVideos, { listingId: others.id }, token), 403);
    // Queueing (an admin's) and the monitor (the staff's) are not a broker's.
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
      expect(job?.vm).toBe(hostname());
    }
    const { logs } = bodyOf(await callOp(getVideoJobLogs, { id: video.id }, admin));
    const messages = logs.map((l) => l.message);
    expect(messages[0]).toBe('Requested.');
    expect(messages).toContain(`Queued by user ${failed.requested_by}.`);
    expect(messages.some((m) => m.startsWith(`Started on ${hostname()}`))).toBe(true);
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

describe('job monitor: brokers', () => {
  it('answers each job with its workflow execution, its main, current and secondary brokers, and their names', async () => {
    const { broker, teammate } = await brokerTeam();
    const listing = await listingWithPictures(0, { brokerId: broker.id });
    const admin = (await tokenFor(Role.admin)).token;
    const fronted = bodyOf(await callOp(createVideo, { listingId: listing.id, templateId: 1, broker_team_member_id: teammate.id }, admin)).video;
    const own = bodyOf(await callOp(createVideo, { listingId: listing.id, templateId: 2 }, admin)).video;
    const queued = bodyOf(await callOp(addVideoToQueue, { videoId: fronted.id }, admin)).video;
    await settled(fronted.id, queued.version);

    const { jobs } = bodyOf(await callOp(getVideoJobs, {}, admin));
    const job = jobs.find((j) => j.id === fronted.id)!;
    expect(job.job_id).toMatch(new RegExp(`videoWorkflow.*video-${fronted.id}-run-1-`));
    expect(job).toMatchObject({ main_broker_id: broker.id, current_broker_id: teammate.id, secondary_broker_id: teammate.id });
    expect(job.brokers).toEqual([broker, teammate]);
    // Fronted by the listing's broker: no secondary broker; never queued: no execution yet.
    expect(jobs.find((j) => j.id === own.id)).toMatchObject({ job_id: null, main_broker_id: broker.id, current_broker_id: broker.id, secondary_broker_id: null, brokers: [broker] });
    // The reset's answer is a row of the monitor too.
    expect(bodyOf(await callOp(resetVideoJob, { id: fronted.id }, admin)).job.brokers).toEqual([broker, teammate]);
    // A requested job has never run: other staff cannot start it by a reset (queueing is an admin's, part 3 §4).
    for (const role of [Role.tech_capture, Role.tech_postprod, Role.tech_postprod_lead]) expect(errorOf(await callOp(resetVideoJob, { id: own.id }, (await tokenFor(role)).token), 403).message).toBe(VIDEO_MESSAGES.queueIsAdmins);
    expect((await getVideo(own.id))?.status).toBe(VideoCreationStatus.requested);
  });
});

describe('job monitor paging', () => {
  it(`answers ${VIDEO_JOBS_LIMIT} jobs a page, newest first, and the older ones through the signed cursor: a job past the first page stays reachable`, async () => {
    const listing = await listingWithPictures(0);
    const fields = { listing_id: listing.id, template_id: 1, requested_by: listing.broker_id, broker_team_member_id: null, is_broker_photo_visible: false, main_broker_id: listing.broker_id, current_broker_id: listing.broker_id };
    const base = Date.now();
    const oldest = await insertVideo(fields, false, new Date(base));
    for (let i = 1; i <= VIDEO_JOBS_LIMIT; i++) await insertVideo(fields, false, new Date(base + i));
    const { token } = await tokenFor(Role.admin);
    const first = bodyOf(await callOp(getVideoJobs, {}, token));
    expect(first.jobs).toHaveLength(VIDEO_JOBS_LIMIT);
    expect(first.jobs.map((j) => j.id)).not.toContain(oldest.id);
    expect(first.next).toEqual(expect.any(String));
    const second = bodyOf(await callOp(getVideoJobs, { cursor: first.next! }, token));
    expect(second.jobs.map((j) => j.id)).toContain(oldest.id);
    expect(second.jobs.some((j) => first.jobs.some((f) => f.id === j.id))).toBe(false);
    // Another user's cursor, or a made-up one: 400 on the field.
    expect(errorOf(await callOp(getVideoJobs, { cursor: first.next! }, (await tokenFor(Role.superadmin)).token), 400).fields?.cursor).toBeDefined();
    expect(errorOf(await callOp(getVideoJobs, { cursor: 'AAAA' }, token), 400).fields?.cursor).toBeDefined();
  });
});

describe('run lock', () => {
  it('lets one job of a listing and template render at a time; the holding run may take it again, not another run of its video; released, another may', async () => {
    const a = { id: 900001, listing_id: 424242, template_id: 1, run: 1 };
    const b = { id: 900002, listing_id: 424242, template_id: 1, run: 1 };
    const other = { id: 900003, listing_id: 424242, template_id: 2, run: 1 };
    expect(await takeVideoLock(a, 60)).toBe(true);
    expect(await takeVideoLock(b, 60)).toBe(false);
    expect(await takeVideoLock(a, 60)).toBe(true);
    // Another run of the same video (a reset while it runs) is another job: it waits too.
    expect(await takeVideoLock({ ...a, run: 2 }, 60)).toBe(false);
    await releaseVideoLock({ ...a, run: 2 }); // not the holder: nothing happens
    expect(await takeVideoLock(b, 60)).toBe(false);
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

/** A video of the listing queued at once (run 1), as a broker's request is. */
const queuedVideo = (listing: { id: number; broker_id: number }, templateId: number) =>
  insertVideo(
    { listing_id: listing.id, template_id: templateId, requested_by: listing.broker_id, broker_team_member_id: null, is_broker_photo_visible: true, main_broker_id: listing.broker_id, current_broker_id: listing.broker_id },
    true,
  );

const FILES = { mp4_key: 'listings/0/videos/0/landscape.mp4', instagram_key: 'listings/0/videos/0/instagram.mp4', duration_s: 10 };

describe('reset of a job that is still running (ADR 0610)', () => {
  it('starts a new run that waits for the old one to let go; the old run renders nothing and marks nothing', { timeout: 150_000 }, async () => {
    const listing = await listingWithPictures(0);
    const video = await queuedVideo(listing, 1);
    expect(video.run).toBe(1);
    // Run 1 is running: its Queue step holds the run lock.
    expect(await queueStep({ video_id: video.id, run: 1 })).toEqual({ video_id: video.id, run: 1 });

    // Reset from the monitor while it runs (status 1 is not 2: allowed). The stack starts run 2, whose
    // Queue step finds the lock held by run 1 and waits (before: the same video took it again and
    // rendered beside run 1).
    const reset = bodyOf(await callOp(resetVideoJob, { id: video.id }, (await tokenFor(Role.admin)).token)).job;
    expect(reset.status).toBe(VideoCreationStatus.enqueued);
    await expect
      .poll(async () => (await getVideo(video.id))!.logs.map((l) => l.message), { timeout: 20_000, interval: 200 })
      .toContain('Another job of this listing and template is running; waiting for it.');
    expect(await getVideo(video.id)).toMatchObject({ run: 2, status: VideoCreationStatus.enqueued, errors: [] });

    // Run 1 goes on: its render stops at once, its failure is not recorded, and it frees the lock.
    await expect(renderStep({ video_id: video.id, run: 1 })).rejects.toThrow(`Run 1 of video ${video.id} was replaced by run 2 (a reset); it stops.`);
    const late = await markFailureStep({ video_id: video.id, run: 1, error: { Error: 'VideoInputError', Cause: `Run 1 of video ${video.id} was replaced by run 2 (a reset); it stops.` } });
    expect(late.status).toBe(VideoCreationStatus.enqueued);
    const waiting = (await getVideo(video.id))!;
    expect(waiting).toMatchObject({ status: VideoCreationStatus.enqueued, errors: [] });
    expect(waiting.logs.at(-1)?.message).toMatch(/^Run 1 ended \(.*\); not recorded: run 2 replaced it\.$/);

    // Run 2 takes the lock at its next try (every 30 s) and runs alone; the listing has no pictures,
    // so it fails, and that failure (its own) is recorded.
    const done = await settled(video.id, waiting.version);
    expect(done.status).toBe(VideoCreationStatus.failure);
    expect(done.errors).toEqual([expect.stringMatching(/^VideoInputError: The listing has no pictures/)]);
    expect(done.logs.filter((l) => l.message.startsWith('Started on ')).map((l) => l.message.replace(/^Started on .* \(/, '('))).toEqual(['(run 1).', '(run 2).']);
  });

  it('refuses every mark of a replaced run, and never lets a failure overwrite an uploaded video', async () => {
    const listing = await listingWithPictures(0);
    const video = await queuedVideo(listing, 2);
    const second = (await enqueueVideo(video, [VideoCreationStatus.enqueued], 'Reset by test.'))!;
    expect(second.run).toBe(2);

    expect(await markVideoRunning({ id: video.id, run: 1 }, 'old runner')).toBeUndefined();
    expect(await markVideoUploaded({ id: video.id, run: 1 }, FILES)).toBeUndefined();
    expect(await markVideoFailed({ id: video.id, run: 1 }, 'late', [])).toBeUndefined();
    expect(await takeVideoLock({ ...video, run: 2 }, 60)).toBe(true);
    expect(await takeVideoLock({ ...video, run: 1 }, 60)).toBe(false);
    // Run 1's MarkSuccess, late: nothing recorded but a log line, and run 2's lock stays.
    expect((await markSuccessStep({ video_id: video.id, run: 1, ...FILES })).status).toBe(VideoCreationStatus.enqueued);
    expect(await takeVideoLock({ ...video, id: 900_020 }, 60)).toBe(false);
    expect(await getVideo(video.id)).toMatchObject({ status: VideoCreationStatus.enqueued, mp4_key: null, run_start_at: null });

    // Run 2 uploads: finished. A failure arriving after it (its own step retried, run 1's, or one
    // written without a run) changes nothing; the delivery page keeps listing it.
    expect((await markSuccessStep({ video_id: video.id, run: 2, ...FILES })).status).toBe(VideoCreationStatus.success);
    expect(await markVideoFailed({ id: video.id, run: 2 }, 'late', [])).toBeUndefined();
    expect(await markVideoFailed(video.id, 'late', [])).toBeUndefined();
    expect((await markFailureStep({ video_id: video.id, run: 1, error: { Error: 'VideoRenderError', Cause: 'late' } })).status).toBe(VideoCreationStatus.success);
    expect((await markFailureStep({ video_id: video.id, run: 2, error: { Error: 'VideoRenderError', Cause: 'late' } })).status).toBe(VideoCreationStatus.success);
    expect(await getVideo(video.id)).toMatchObject({ status: VideoCreationStatus.success, errors: [], mp4_key: FILES.mp4_key });
    // The lock was run 2's: freed by its MarkSuccess.
    expect(await takeVideoLock({ ...video, id: 900_020, run: 1 }, 60)).toBe(true);
    await releaseVideoLock({ ...video, id: 900_020, run: 1 });
  });
});
