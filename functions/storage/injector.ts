import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import {
  FILE_NAME_MAX_BYTES,
  INJECTOR_MESSAGES,
  PRESIGNED_URL_TTL_SECONDS,
  UPLOAD_CONTENT_TYPE,
  isAcceptedUpload,
  sanitizeFileName,
} from '#shared/catalogue/rij.ts';
import { localDateOf } from '#shared/rules/business-time.ts';
import { ENV, INJECTOR_ABORT_INCOMPLETE_UPLOAD_DAYS, INJECTOR_RETENTION_DAYS } from '#shared/data/design.ts';
import { db, requiredEnv, tableName } from '../plumbing/aws.ts';
import { attachmentDisposition, presignUrl } from '../plumbing/presign.ts';
import { badRequest, conflict, notFound, unprocessable } from '../plumbing/errors.ts';
import { keys } from '../plumbing/keys.ts';
import { queryAll } from '../plumbing/query.ts';
import { batchWriteAll } from '../plumbing/batch-write.ts';
import { cancellationCodes, transact, type TransactItem } from '../plumbing/transact.ts';
import { quotaRelease } from './injector-quota.ts';

/**
 * Storage of the remote-injection area: the injector bucket's names and presigned URLs, and the
 * multipart upload records kept in the table (S3's ListParts is not available in the local
 * emulator, and the records also tie each upload to its owner). See ADR 0040. Reading the bucket
 * itself (head, list, archive check) is in injector-objects.ts, so that the handlers that only sign
 * or record do not load the S3 client (ADR 0410).
 */

export const injectorBucket = (): string => requiredEnv(ENV.injectorBucket);

export const DAY_MS = 86_400_000;
/** The business's "today" (Quebec, shared/rules/business-time.ts) for a file without a stated date. */
export function businessToday(now = new Date()): string {
  return localDateOf(now.getTime());
}

/**
 * The day a new upload is filed under: the sender's local date when given (the screen sends its
 * "today"), which must be within one day of the server's UTC date; otherwise the business's today.
 */
export function uploadDate(requested: string | undefined, now = new Date()): string {
  if (!requested) return businessToday(now);
  const distance = Math.abs(Date.parse(`${requested}T00:00:00Z`) - Date.parse(`${now.toISOString().slice(0, 10)}T00:00:00Z`));
  if (distance > DAY_MS) throw unprocessable(INJECTOR_MESSAGES.todayOnly);
  return requested;
}

/** The sanitized name of an accepted file (zip or tar), or 400. */
export function acceptedName(filename: string, filetype: string): string {
  const name = sanitizeFileName(filename);
  if (!isAcceptedUpload(name, filetype)) throw badRequest(INJECTOR_MESSAGES.badType, { filetype: [INJECTOR_MESSAGES.badType] });
  if (name === '.' || name === '..') throw badRequest('Invalid file name.', { filename: ['Invalid file name.'] });
  // Composing can lengthen a name (ADR 0725): checked as it will be stored.
  if (Buffer.byteLength(name) > FILE_NAME_MAX_BYTES) throw badRequest('The file name is too long.', { filename: [`At most ${FILE_NAME_MAX_BYTES} bytes once encoded (UTF-8).`] });
  return name;
}

/** A plain file name as stored (already sanitized) or 404: never a path into another prefix. */
export function storedName(filename: string): string {
  const name = sanitizeFileName(filename);
  if (name !== filename || name === '.' || name === '..') throw notFound('File not found.');
  return name;
}

const expiresAt = () => new Date(Date.now() + PRESIGNED_URL_TTL_SECONDS * 1000).toISOString();

/**
 * The declared length is signed with the type: S3 refuses a PUT of any other size, so a URL
 * stores at most what was counted toward the sender's quota (s3rver does not check signed headers).
 */
export async function presignPut(key: string, size: number): Promise<{ url: string; expires_at: string }> {
  const url = await presignUrl({
    method: 'PUT',
    bucket: injectorBucket(),
    key,
    headers: { 'content-type': UPLOAD_CONTENT_TYPE, 'content-length': String(size) },
    expiresInSeconds: PRESIGNED_URL_TTL_SECONDS,
    signingDate: new Date(),
  });
  return { url, expires_at: expiresAt() };
}

/** A part URL signing the part's exact length, so the parts together store exactly the declared size. */
export async function presignPart(key: string, s3UploadId: string, partNumber: number, length: number): Promise<string> {
  return presignUrl({
    method: 'PUT',
    bucket: injectorBucket(),
    key,
    query: { partNumber: String(partNumber), uploadId: s3UploadId },
    headers: { 'content-length': String(length) },
    expiresInSeconds: PRESIGNED_URL_TTL_SECONDS,
    signingDate: new Date(),
  });
}

/**
 * The size of the file stored at a key, or undefined when there is none. A presigned HEAD, so a
 * handler that only signs does not load the S3 client at start (ADR 0410).
 */
export async function storedFileSize(key: string): Promise<number | undefined> {
  const url = await presignUrl({ method: 'HEAD', bucket: injectorBucket(), key, expiresInSeconds: 60, signingDate: new Date() });
  const head = await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(10_000) });
  if (head.status === 404) return undefined;
  if (!head.ok) throw new Error(`HEAD of the stored file answered ${head.status}`);
  return Number(head.headers.get('content-length') ?? 0);
}

/**
 * Two files of one name the same day would share one key, and the second would replace the first
 * (two cards both named DCIM.zip): a stored file of another size under the name refuses the new one
 * (409). One of the same size is this file sent again, and may be replaced.
 */
export async function assertNameFree(key: string, size: number): Promise<void> {
  const stored = await storedFileSize(key);
  if (stored !== undefined && stored !== size) throw conflict(INJECTOR_MESSAGES.nameTaken);
}

export async function presignGet(key: string, name: string): Promise<{ url: string; expires_at: string }> {
  const url = await presignUrl({
    method: 'GET',
    bucket: injectorBucket(),
    key,
    query: { 'response-content-disposition': attachmentDisposition(name) },
    expiresInSeconds: PRESIGNED_URL_TTL_SECONDS,
    signingDate: new Date(),
  });
  return { url, expires_at: expiresAt() };
}

// ── Multipart upload records ───────────────────────────────────────────────────────────────

export interface UploadRecord {
  id: string;
  user_id: number;
  s3_upload_id: string;
  key: string;
  name: string;
  date: string;
  size: number;
  last_modified: number;
  part_size: number;
  part_count: number;
  created_at: string;
}

export interface PartRecord {
  partNumber: number;
  etag: string;
  size: number;
}

/** Records expire with the bucket's abort-incomplete-uploads rule (the S3 upload is gone by then). */
const recordTtl = (createdAt: string) => Math.ceil(Date.parse(createdAt) / 1000) + INJECTOR_ABORT_INCOMPLETE_UPLOAD_DAYS * 86_400;

/**
 * Uploads resumed: those begun less than this long ago. The bucket aborts an upload some time after
 * INJECTOR_ABORT_INCOMPLETE_UPLOAD_DAYS (and DynamoDB removes expired records late): an older one may
 * be gone in S3, or go while it is being resumed, so the file starts afresh instead.
 */
export const RESUMABLE_MS = (INJECTOR_ABORT_INCOMPLETE_UPLOAD_DAYS - 1) * 86_400_000;

/** The caller's upload of this file that may be resumed, if any. */
export async function findOpenUpload(userId: number, name: string, size: number, lastModified: number, now = Date.now()): Promise<UploadRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.rijOpenUpload(userId, name, size, lastModified), ConsistentRead: true }));
  if (!Item) return undefined;
  const upload = await getUpload(Item.upload_id as string);
  if (!upload || upload.user_id !== userId) return undefined;
  return now - Date.parse(upload.created_at) < RESUMABLE_MS ? upload : undefined;
}

async function getUpload(id: string): Promise<UploadRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.rijUpload(id), ConsistentRead: true }));
  return Item ? (Item as unknown as UploadRecord) : undefined;
}

/** The caller's upload, or 404 (also for another user's upload: its existence is not revealed). */
export async function ownUpload(id: string, userId: number): Promise<UploadRecord> {
  const upload = await getUpload(id);
  if (!upload || upload.user_id !== userId) throw notFound('Upload not found.');
  return upload;
}

/** Saves a new upload and the pointer a reload finds it by (the pointer is replaced if stale). */
/** The upload's record and its resume pointer: pieces of the transaction that also counts its bytes. */
export function uploadRecordPieces(upload: UploadRecord): TransactItem[] {
  const ttl = recordTtl(upload.created_at);
  return [
    { Put: { TableName: tableName(), Item: { ...keys.rijUpload(upload.id), ...upload, ttl }, ConditionExpression: 'attribute_not_exists(pk)' } },
    { Put: { TableName: tableName(), Item: { ...keys.rijOpenUpload(upload.user_id, upload.name, upload.size, upload.last_modified), upload_id: upload.id, ttl } } },
  ];
}

/** Forgetting an upload (abort): its record, only if still there (so one abort gives its bytes back once), and its pointer. */
function uploadForgetPieces(upload: UploadRecord): TransactItem[] {
  return [
    { Delete: { TableName: tableName(), Key: keys.rijUpload(upload.id), ConditionExpression: 'attribute_exists(pk)' } },
    { Delete: { TableName: tableName(), Key: keys.rijOpenUpload(upload.user_id, upload.name, upload.size, upload.last_modified) } },
  ];
}

/**
 * Forgets an upload (cancelled, or dropped by S3) in one transaction: its record and resume
 * pointer, and its declared bytes back to its day's quota. False when it was forgotten already (a
 * second abort or complete), so its bytes go back once. Its part records are deleteUploadRecords'.
 */
export async function forgetUpload(upload: UploadRecord): Promise<boolean> {
  try {
    await transact([...uploadForgetPieces(upload), quotaRelease(upload.user_id, upload.date, upload.size)]);
    return true;
  } catch (error) {
    if (cancellationCodes(error)?.[0] === 'ConditionalCheckFailed') return false;
    throw error;
  }
}

const partItem = (upload: UploadRecord, part: PartRecord) => ({ ...keys.rijPart(upload.id, part.partNumber), part_number: part.partNumber, etag: part.etag, size: part.size, ttl: recordTtl(upload.created_at) });

/** Records several stored parts at once (25 per BatchWriteItem); a part recorded again replaces its record. */
export async function saveParts(upload: UploadRecord, parts: readonly PartRecord[]): Promise<void> {
  await batchWriteAll(parts.map((part) => ({ PutRequest: { Item: partItem(upload, part) } })));
}

export async function listParts(uploadId: string): Promise<PartRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :parts)',
    ExpressionAttributeValues: { ':pk': keys.rijUploadPartition(uploadId), ':parts': keys.rijPartsPrefix },
    ConsistentRead: true,
  });
  return items.map((item) => ({ partNumber: item.part_number as number, etag: item.etag as string, size: item.size as number }));
}

/** Forgets an upload: its pointer, its record and its parts. */
export async function deleteUploadRecords(upload: UploadRecord): Promise<void> {
  const parts = await listParts(upload.id);
  const doomed = [
    keys.rijOpenUpload(upload.user_id, upload.name, upload.size, upload.last_modified),
    keys.rijUpload(upload.id),
    ...parts.map((p) => keys.rijPart(upload.id, p.partNumber)),
  ];
  await batchWriteAll(doomed.map((Key) => ({ DeleteRequest: { Key } })));
}

// ── SD-card state records ──────────────────────────────────────────────────────────────────

export interface SdCardStateRecord {
  sd_card: string;
  state: 'upload' | 'tar' | 'copy';
  start_date: string;
  end_date: string | null;
  user_id: number;
}

export async function saveSdCardState(date: string, record: SdCardStateRecord): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.sdCardState(date, record.user_id, record.sd_card, record.state),
        ...record,
        ttl: Math.ceil(Date.now() / 1000) + INJECTOR_RETENTION_DAYS * 86_400,
      },
    }),
  );
}

export async function sdCardStates(date: string, userId: number | undefined): Promise<SdCardStateRecord[]> {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: userId === undefined ? 'pk = :pk' : 'pk = :pk AND begins_with(sk, :user)',
      ExpressionAttributeValues: { ':pk': keys.sdCardStatesOfDay(date), ...(userId === undefined ? {} : { ':user': keys.sdCardStatesOfUser(userId) }) },
    }),
  );
  return Items.map((item) => ({
    sd_card: item.sd_card as string,
    state: item.state as SdCardStateRecord['state'],
    start_date: item.start_date as string,
    end_date: (item.end_date as string | null | undefined) ?? null,
    user_id: item.user_id as number,
  }));
}
