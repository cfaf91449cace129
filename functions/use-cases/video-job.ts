import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { videoTemplate, type VideoTemplate } from '#shared/catalogue/videos.ts';
import type { ShootingPackageRecord } from '#shared/entities/shooting-package.ts';
import { s3 } from '../plumbing/s3.ts';
import { mediaBucket, mediaKeys } from '../plumbing/media.ts';
import { putMediaObject } from '../plumbing/media-objects.ts';
import { VIDEO_FORMATS, VideoRenderError, renderVideo, type VideoFormat } from '../plumbing/video-render.ts';
import { getListing } from '../storage/listings.ts';
import { deliveredFile, picturesOfListing, type StoredPicture } from '../storage/pictures.ts';
import { getShootingPackage } from '../storage/shooting-packages.ts';
import { getUser } from '../storage/users.ts';
import { appendVideoLogs } from '../storage/videos.ts';
import { lastShooting } from './review-tabs.ts';
import { shootingsOfListing } from './review.ts';
import { VideoJobError, videoOfRunOrFail, type RenderedVideo } from './video-job-state.ts';

/**
 * The steps of a video job (shared/workflows/video.ts) that need more than the video itself:
 * gather the listing's pictures in slideshow order, render both MP4s with ffmpeg, upload them.
 */
/**
 * How many pictures a video shows at most (part 3 §9 'about 10 photos when no recommendation range
 * is given'): the top of the recommendation range of the listing's shooting package when it has one
 * (recommendation_max above 0), else the template's maximum (10, or 12 for the quicker 'Dynamique').
 */
export function videoPictureLimit(template: Pick<VideoTemplate, 'max_pictures'>, pkg: Pick<ShootingPackageRecord, 'recommendation_max'> | undefined): number {
  return pkg && pkg.recommendation_max > 0 ? pkg.recommendation_max : template.max_pictures;
}

/** The package of the listing's last shooting, when it names one that still exists. */
async function packageOfListing(listingId: number): Promise<ShootingPackageRecord | undefined> {
  const last = lastShooting(await shootingsOfListing(listingId));
  return last?.shooting_package_id ? getShootingPackage(last.shooting_package_id) : undefined;
}

/**
 * The pictures of a video, in slideshow order (by shooting, then picture index): those chosen for
 * videos (`included_in_video`, part 3 §3) when any is, else the public ones; `max` at most
 * (`videoPictureLimit`).
 */
export function videoPictures(pictures: readonly StoredPicture[], max: number): StoredPicture[] {
  const chosen = pictures.filter((p) => (p as StoredPicture & { included_in_video?: unknown }).included_in_video === true);
  return (chosen.length > 0 ? chosen : pictures.filter((p) => p.public)).slice(0, max);
}

async function download(key: string, file: string, what: string): Promise<void> {
  try {
    const object = await s3.send(new GetObjectCommand({ Bucket: mediaBucket(), Key: key }));
    await writeFile(file, await object.Body!.transformToByteArray());
  } catch (error) {
    if ((error as Error).name === 'NoSuchKey') throw new VideoJobError('input', `${what} (${key}) is missing from the media bucket.`);
    throw new VideoJobError('transient', `${what} (${key}) could not be read: ${(error as Error).message}`);
  }
}

/** The broker's photo, when the video shows it and the broker has one (a media key or an https URL). */
async function brokerPhoto(pictureUrl: string | null, file: string): Promise<string | undefined> {
  if (!pictureUrl) return undefined;
  if (/^https:\/\//.test(pictureUrl)) {
    const res = await fetch(pictureUrl, { signal: AbortSignal.timeout(10_000) }).catch(() => undefined);
    if (!res?.ok) return undefined;
    await writeFile(file, new Uint8Array(await res.arrayBuffer()));
    return file;
  }
  await download(pictureUrl, file, "The broker's photo");
  return file;
}

/**
 * Render step: both formats rendered in /tmp and uploaded to the media bucket, for run `run` of the
 * video. The run is checked before rendering and before each upload: a run that a reset replaced
 * stops (ADR 0610) and never writes the files the newer run will write.
 */
export async function renderAndUpload(videoId: number, run: number): Promise<RenderedVideo> {
  const video = await videoOfRunOrFail(videoId, run);
  const template = videoTemplate(video.template_id);
  if (!template) throw new VideoJobError('input', `Template ${video.template_id} does not exist.`);
  const listing = await getListing(video.listing_id);
  if (!listing) throw new VideoJobError('input', `Listing ${video.listing_id} does not exist.`);
  const pictures = videoPictures(await picturesOfListing(listing.id), videoPictureLimit(template, await packageOfListing(listing.id)));
  if (pictures.length === 0) throw new VideoJobError('input', 'The listing has no pictures for a video.');
  const broker = await getUser(video.current_broker_id);
  const brokerName = broker ? `${broker.firstname} ${broker.lastname}` : `${listing.broker.firstname} ${listing.broker.lastname}`;

  const work = await mkdtemp(join(tmpdir(), `video-${video.id}-`));
  try {
    const files: string[] = [];
    for (const [i, p] of pictures.entries()) {
      const file = join(work, `picture-${String(i).padStart(3, '0')}.jpg`);
      // As the delivery page gives it: a watermarked picture (not bought) with its watermark (ADR 0250).
      await download(deliveredFile(p), file, `Picture #${p.picture_index + 1}`);
      files.push(file);
    }
    const photo = video.is_broker_photo_visible ? await brokerPhoto(broker?.picture_url ?? null, join(work, 'broker.jpg')) : undefined;
    await appendVideoLogs(video.id, [`Rendering ${files.length} pictures with template '${template.template_name}'${photo ? " and the broker's photo" : ''}.`]);
    const intro = [`${listing.app ? `${listing.app}-` : ''}${listing.address}`, listing.city, brokerName];
    const outro = [brokerName, ...(broker?.phone_number ? [broker.phone_number] : []), ...(broker?.email ? [broker.email] : [])];
    const keys = { landscape: mediaKeys.video(listing.id, video.id, 'landscape'), instagram: mediaKeys.video(listing.id, video.id, 'instagram') };
    let seconds = 0;
    for (const format of Object.keys(VIDEO_FORMATS) as VideoFormat[]) {
      const out = join(work, `${format}.mp4`);
      const started = Date.now();
      try {
        ({ seconds } = await renderVideo({ pictures: files, template, format, intro, outro, ...(photo ? { photo } : {}), workDir: work, out }));
      } catch (error) {
        if (error instanceof VideoRenderError) {
          await appendVideoLogs(video.id, error.logLines);
          throw new VideoJobError('render', error.message);
        }
        throw error;
      }
      const { width, height } = VIDEO_FORMATS[format];
      await appendVideoLogs(video.id, [`Rendered ${width}×${height} H.264 (${seconds.toFixed(1)} s of video) in ${((Date.now() - started) / 1000).toFixed(1)} s.`]);
      await videoOfRunOrFail(video.id, run);
      try {
        await putMediaObject(keys[format], await readFile(out), 'video/mp4');
      } catch (error) {
        throw new VideoJobError('transient', `The ${format} MP4 could not be uploaded: ${(error as Error).message}`);
      }
    }
    await appendVideoLogs(video.id, [`Uploaded ${keys.landscape} and ${keys.instagram}.`]);
    return { video_id: video.id, run, mp4_key: keys.landscape, instagram_key: keys.instagram, duration_s: Math.round(seconds * 100) / 100 };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
