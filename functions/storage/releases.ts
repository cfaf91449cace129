import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { RELEASE_CONTENT_TYPE, RELEASE_MESSAGES, canonicalVersion, compareVersions, type ReleaseApp, type ReleaseView } from '#shared/catalogue/releases.ts';
import { PRESIGNED_URL_TTL_SECONDS } from '#shared/catalogue/rij.ts';
import { db, tableName } from '../plumbing/aws.ts';
import { presignUrl } from '../plumbing/presign.ts';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { HttpError, conflict, notFound, unprocessable } from '../plumbing/errors.ts';
import { nextId } from '../plumbing/ids.ts';
import { keys } from '../plumbing/keys.ts';
import { mediaBucket, mediaUrl } from '../plumbing/media.ts';
import { queryAll } from '../plumbing/query.ts';

/**
 * App releases (ADR 0232): the one module that reads and writes release items and their files in
 * the media bucket (`releases/<app>/<version>/<file>`). A release is created private with its file
 * not yet uploaded; the file comes through a presigned PUT signing its size and type. A release
 * whose file never arrived gets a new upload URL when its version is added again (ADR 0610).
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
          { Put: { TableName: tableName(), Item: { ...keys.releaseVersion(input.app, canonicalVersion(input.version)), release_id: id }, ConditionExpression: 'attribute_not_exists(pk)' } },
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

/**
 * Adds a release of a version, or — when that version's release exists but its file never arrived
 * (an upload that failed or was left half way) — takes that release again with the file now
 * declared (name and size), so that a new upload URL can be answered for it (ADR 0610). 409 when
 * the version's release has its file.
 */
export async function insertOrReopenRelease(input: { app: ReleaseApp; version: string; filename: string; size: number }, now = new Date()): Promise<{ release: StoredRelease; reopened: boolean }> {
  try {
    return { release: await insertRelease(input, now), reopened: false };
  } catch (error) {
    if (!(error instanceof HttpError && error.code === 'conflict')) throw error;
  }
  return { release: await reopenReleaseWithoutFile(input), reopened: true };
}

/** The release of `input.version` when its file was never uploaded, now with the file declared in `input`; 409 otherwise. */
async function reopenReleaseWithoutFile(input: { app: ReleaseApp; version: string; filename: string; size: number }): Promise<StoredRelease> {
  const { Item: guard } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.releaseVersion(input.app, canonicalVersion(input.version)), ConsistentRead: true }));
  const { Item } = guard ? await db.send(new GetCommand({ TableName: tableName(), Key: keys.release(input.app, Number(guard.release_id)), ConsistentRead: true })) : {};
  const release = Item ? toRelease(Item) : undefined;
  if (!release || release.uploaded_at) throw conflict(RELEASE_MESSAGES.duplicate);
  // Its file arrived meanwhile (another administrator's upload): the version is taken.
  await update(release, 'SET filename = :f, #size = :s', { ':f': input.filename, ':s': input.size }, { names: { '#size': 'size' }, unless: { condition: 'attribute_not_exists(uploaded_at)', refusal: conflict(RELEASE_MESSAGES.duplicate) } });
  return { ...release, filename: input.filename, size: input.size };
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
  // On the file checked: a release taken again meanwhile with another file (ADR 0610) waits for that one.
  await update(release, 'SET uploaded_at = :at', { ':at': uploaded_at, ':f': release.filename, ':s': release.size }, {
    names: { '#size': 'size' },
    unless: { condition: 'filename = :f AND #size = :s', refusal: unprocessable(RELEASE_MESSAGES.sizeMismatch) },
  });
  return { ...release, uploaded_at };
}

/** Public ⇄ private (part 3 §4); only an uploaded release may become public (422). */
export async function setPublic(release: StoredRelease, value: boolean): Promise<StoredRelease> {
  if (value && !release.uploaded_at) throw unprocessable(RELEASE_MESSAGES.notUploaded);
  await update(release, 'SET #public = :p', { ':p': value }, { names: { '#public': 'public' } });
  return { ...release, public: value };
}

/**
 * Updates an existing release. `unless`: only while its condition holds too, answering its refusal
 * (the HTTP error to throw) when the release exists but the condition fails.
 */
async function update(
  release: StoredRelease,
  expression: string,
  values: Record<string, unknown>,
  options: { names?: Record<string, string>; unless?: { condition: string; refusal: HttpError } } = {},
): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.release(release.app, release.id),
        UpdateExpression: expression,
        ConditionExpression: options.unless ? `attribute_exists(pk) AND ${options.unless.condition}` : 'attribute_exists(pk)',
        ExpressionAttributeValues: values,
        ...(options.names ? { ExpressionAttributeNames: options.names } : {}),
      }),
    );
  } catch (error) {
    if (options.unless && error instanceof ConditionalCheckFailedException) throw options.unless.refusal;
    throw error;
  }
}

/** The highest public version of an app, or undefined. */
export async function latestPublicRelease(app: ReleaseApp): Promise<StoredRelease | undefined> {
  return (await listReleases(app)).find((r) => r.public && r.uploaded_at);
}
