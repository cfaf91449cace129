import type { S3Event } from 'aws-lambda';
import { importProviderObject, PROVIDER_PREFIX } from '../use-cases/provider-import.ts';

/**
 * The S3 trigger of the provider import (docs/decisions/0220): each object created under
 * `provider-imports/` of the media bucket is imported (in AWS a bucket notification invokes this
 * Lambda; locally the stack forwards s3rver's own ObjectCreated events to it).
 */
export async function handler(event: S3Event): Promise<{ imported: string[] }> {
  const imported: string[] = [];
  for (const record of event.Records ?? []) {
    if (!record.eventName?.startsWith('ObjectCreated')) continue;
    const key = decodeURIComponent(record.s3.object.key.replace(/\+/g, ' '));
    if (!key.startsWith(PROVIDER_PREFIX)) continue;
    const run = await importProviderObject(record.s3.bucket.name, key, (line) => console.info(line));
    imported.push(`${key}: ${run.status}`);
  }
  return { imported };
}
