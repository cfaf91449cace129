import { HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { mediaBucket } from './media.ts';
import { s3 } from './s3.ts';

/** Writes an object of the media bucket (apart from media.ts, so that signing a URL does not load the S3 client). */
export async function putMediaObject(key: string, body: Uint8Array, contentType = 'image/jpeg'): Promise<void> {
  await s3.send(new PutObjectCommand({ Bucket: mediaBucket(), Key: key, Body: body, ContentType: contentType }));
}

/** The stored size of a media object in bytes; undefined when there is no such object. */
export async function mediaObjectSize(key: string): Promise<number | undefined> {
  try {
    return (await s3.send(new HeadObjectCommand({ Bucket: mediaBucket(), Key: key }))).ContentLength ?? 0;
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'NotFound' || name === 'NoSuchKey') return undefined;
    throw error;
  }
}
