import { PutObjectCommand } from '@aws-sdk/client-s3';
import { mediaBucket } from './media.ts';
import { s3 } from './s3.ts';

/** Writes an object of the media bucket (apart from media.ts, so that signing a URL does not load the S3 client). */
export async function putMediaObject(key: string, body: Uint8Array, contentType = 'image/jpeg'): Promise<void> {
  await s3.send(new PutObjectCommand({ Bucket: mediaBucket(), Key: key, Body: body, ContentType: contentType }));
}
