import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { RELEASE_CONTENT_TYPE, RELEASE_MESSAGES, compareVersions, type ReleaseApp, type ReleaseView } from '#shared/catalogue/releases.ts';
import { PRESIGNED_URL_TTL_SECONDS } from '#shared/catalogue/rij.ts';
import { db, tableName } from '../plumbing/aws.ts';
import { presignUrl } from '../plumbing/presign.ts';
import { conflict, notFound, unprocessable } from '../plumbing/errors.ts';
import { nextId } from '../plumbing/ids.ts';
import { keys } from '../plumbing/keys.ts';
import { mediaBucket, mediaUrl } from '../plumbing/media.ts';
import { queryAll } from '../plumbing/query.ts';

/**
 * App releases (ADR 0232): the one module that reads and writes release items and their files in
 * the media bucket (`releases/<app>/<version>/<file>`). A release is created private with its file
 * not yet uploaded; the file comes through a presigned PUT signing its size and type.
 */
export interface StoredRelease {
  id: number;
  app: ReleaseApp;
  version: string;
  public: boolean;
  filename: string;
  size: number;
  uploaded_at: string | null;
  created_at: string;
}

/** The most releases an app's panel lists (one Query). */
const MAX_RELEASES = 1000;

export const releaseObjectKey = (r: Pick<StoredRelease, 'app' | 'version' | 'filename'>) => `releases/${r.app}/${r.version}/${r.filename}`;

const toRelease = (item: Record<string, unknown>): StoredRelease => ({
  id: Number(item.id),
  app: item.app as ReleaseApp,
  version: String(item.version),
  public: item.public === true,
  filename: String(item.filename),
  size: Number(item.size),
  uploaded_at: (item.uploaded_at as string | undefined) ?? null,
  created_at: String(item.created_at),
});

/** An app's releases, highest version first. */
export async function listReleases(app: ReleaseApp): Promise<StoredRelease[]> {
  const items = await queryAll(
    { KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)', ExpressionAttributeValues: { ':pk': keys.releasesOfApp(app), ':sk': keys.releasesPrefix } },
    MAX_RELEASES,
  );
  return items.map(toRelease).sort((a, b) => compareVersions(b.version, a.version) || b.id - a.id);
}

export async function getRelease(app: ReleaseApp, id: number): Promise<StoredRelease> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.release(app, id), ConsistentRead: true }));
  if (!Item) throw notFound('Release not found.');
  return toRelease(Item);
}

/** The view of a release, with a download URL of its file once uploaded. */
export async function releaseView(release: StoredRelease): Promise<ReleaseView> {
  const { uploaded_at, ...rest } = release;
  const cdn_url = uploaded_at ? await mediaUrl(releaseObjectKey(release), { version: uploaded_at, downloadName: release.filename }) : null;
  return { ...rest, uploaded: uploaded_at !== null, cdn_url };
}

/**
 * Adds a private release, not uploaded. Its version guard is written in the same transaction on
 * the condition that it does not exist: one version per app (409), without a read first.
 */
export async function insertRelease(input: { app: ReleaseApp; version: string; filename: string; size: number }, now = new Date()): Promise<StoredRelease> {
  const id = await nextId('release');
  const release: StoredRelease = { ...input, id, public: false, uploaded_at: null, created_at: now.toISOString() };
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: tableName(), Item: { ...keys.releaseVersion(input.app, input.version), release_id: id }, ConditionExpression: 'attribute_not_exists(pk)' } },
          { Put: { TableName: tableName(), Item: { ...keys.release(input.app, id), ...release, uploaded_at: undefined }, ConditionExpression: 'attribute_not_exists(pk)' } },
        ],
      }),
    );
  } catch (error) {
    if ((error as Error).name === 'TransactionCanceledException') throw conflict(RELEASE_MESSAGES.duplicate);
    throw error;
  }
  return release;
}

/** A PUT URL for the release's file, signing its declared size and type. */
export async function presignReleaseUpload(release: StoredRelease): Promise<{ url: string; content_type: string; expires_at: string }> {
  const url = await presignUrl({
    method: 'PUT',
    bucket: mediaBucket(),
    key: releaseObjectKey(release),
    headers: { 'content-type': RELEASE_CONTENT_TYPE, 'content-length': String(release.size) },
    expiresInSeconds: PRESIGNED_URL_TTL_SECONDS,
    signingDate: new Date(),
  });
  return { url, content_type: RELEASE_CONTENT_TYPE, expires_at: new Date(Date.now() + PRESIGNED_URL_TTL_SECONDS * 1000).toISOString() };
}

/**
 * Records the upload once the bucket holds the file with the declared size (`storedSize`, from
 * media-objects.ts mediaObjectSize: undefined when there is no file); 422 otherwise.
 */
export async function markUploaded(release: StoredRelease, storedSize: number | undefined, now = new Date()): Promise<StoredRelease> {
  if (storedSize === undefined) throw unprocessable(RELEASE_MESSAGES.notUploaded);
  if (storedSize !== release.size) throw unprocessable(RELEASE_MESSAGES.sizeMismatch);
  const uploaded_at = now.toISOString();
  await update(release, 'SET uploaded_at = :at', { ':at': uploaded_at });
  return { ...release, uploaded_at };
}

/** Public ⇄ private (part 3 §4); only an uploaded release may become public (422). */
export async function setPublic(release: StoredRelease, value: boolean): Promise<StoredRelease> {
  if (value && !release.uploaded_at) throw unprocessable(RELEASE_MESSAGES.notUploaded);
  await update(release, 'SET #public = :p', { ':p': value }, { '#public': 'public' });
  return { ...release, public: value };
}

async function update(release: StoredRelease, expression: string, values: Record<string, unknown>, names?: Record<string, string>): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.release(release.app, release.id),
      UpdateExpression: expression,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: values,
      ...(names ? { ExpressionAttributeNames: names } : {}),
    }),
  );
}

/** The highest public version of an app, or undefined. */
export async function latestPublicRelease(app: ReleaseApp): Promise<StoredRelease | undefined> {
  return (await listReleases(app)).find((r) => r.public && r.uploaded_at);
}
