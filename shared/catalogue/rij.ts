import * as z from '../zod.ts';
import { defineOperation } from './operation.ts';
import { DATE_MESSAGES, isCalendarDate } from '../rules/business-time.ts';
import { dateTime } from './dates.ts';
import { schema } from '#shared/schema.ts';

/**
 * Part 2, remote file injection (/remote_injector, calls rij/...). Technicians send the day's
 * SD cards as ZIPs straight to the injector bucket through presigned URLs (never through a
 * Lambda): one PUT for a small file, a presigned multipart upload for a large one. Objects are
 * keyed `<YYYY-MM-DD>/<userId>/<sanitized name>`; the bucket expires them after 90 days.
 *
 * The rules both sides need (name sanitizing, accepted types, part sizing) live here too, so
 * the web app and the handlers import the very same functions.
 */

// ── Rules shared by the web app, the upload module and the handlers ─────────────────────────

export const MiB = 1024 * 1024;
/** S3: every part but the last is at least 5 MiB; at most 10,000 parts; 5 GiB per part and per single PUT. */
export const MIN_PART_SIZE = 5 * MiB;
export const MAX_PART_SIZE = 5 * 1024 * MiB;
export const MAX_PARTS = 10_000;
/** Our bound for one presigned PUT (S3 allows 5 GiB): larger files go by multipart, which resumes. */
export const MAX_SINGLE_PUT_SIZE = 1024 * MiB;
/** Largest file one upload may declare (a full 512 GB SD card fits; S3 allows 5 TiB). */
export const MAX_UPLOAD_SIZE = 500 * 1024 * MiB;
/** Bytes one user may send per day unless the stored injector settings say otherwise. */
export const DEFAULT_DAILY_QUOTA_BYTES = 500 * 1024 * MiB;
/** Part size used when the file is small enough for it to stay under MAX_PARTS parts. */
export const DEFAULT_PART_SIZE = 8 * MiB;
/** Files above this size go by multipart upload (the screen lowers it with ?multipartThreshold=bytes). */
export const DEFAULT_MULTIPART_THRESHOLD = 32 * MiB;
/** Presigned URLs live this long. */
export const PRESIGNED_URL_TTL_SECONDS = 15 * 60;
/** At most this many part URLs per call. */
export const MAX_PART_URLS_PER_CALL = 50;
/** Every object is stored with this type, whatever the browser said (part 2, validation "Upload"). */
export const UPLOAD_CONTENT_TYPE = 'application/zip';
/** What a browser reports for .zip and .tar files. */
export const ACCEPTED_FILE_TYPES = ['application/zip', 'application/x-zip-compressed', 'application/x-zip', 'application/x-tar', 'application/tar'] as const;
/** Types some systems give any file; accepted only with a .zip or .tar extension. */
const GENERIC_TYPES = ['', 'application/octet-stream'];

export const INJECTOR_MESSAGES = {
  badType: 'Only zip or tar files are accepted.',
  notAnArchive: 'The file sent is not a zip or tar archive; it was deleted.',
  sizeMismatch: 'The file stored does not have the size declared; it was deleted.',
  quotaReached: 'Daily upload limit reached: this file would exceed the bytes you may send today.',
  todayOnly: 'Files are sent for today only.',
  partsMismatch: 'The stored parts do not match this upload; send the file again.',
  nameTaken: 'A file of this name and another size was already sent today; rename the file and send it again.',
  empty: 'The file is empty: it is not a zip or tar archive.',
} as const;

/**
 * Whether the first bytes of a file are those of a ZIP (local file header, empty archive or
 * spanned marker) or of a POSIX tar ('ustar' at offset 257). Needs at least 262 bytes for a tar.
 */
export function isArchiveSignature(head: Uint8Array): boolean {
  const zip = head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && [0x0304, 0x0506, 0x0708].includes((head[2]! << 8) | head[3]!);
  const ustar = head.length >= 262 && String.fromCharCode(...head.subarray(257, 262)) === 'ustar';
  return zip || ustar;
}

/**
 * Part 2, validation: characters other than letters, digits, hyphen and dot become underscores.
 * Accented letters are letters ('Été' stays): composed first, and a mark that composes with nothing
 * (a Devanagari or Thai vowel sign) stays with its letter.
 */
export function sanitizeFileName(name: string): string {
  return name.normalize('NFC').replace(/[^\p{L}\p{M}\p{Nd}.-]/gu, '_');
}

/** A stored name's most bytes (UTF-8): its S3 key, '<date>/<user id>/' before it, stays under 1,024. */
export const FILE_NAME_MAX_BYTES = 765;

export function isAcceptedUpload(name: string, type: string): boolean {
  if ((ACCEPTED_FILE_TYPES as readonly string[]).includes(type)) return true;
  return GENERIC_TYPES.includes(type) && /\.(zip|tar)$/i.test(name);
}

/**
 * The part size for a multipart upload: the preferred size (default 8 MiB), raised to a whole
 * number of MiB when needed so the file never needs more than 10,000 parts, never under 5 MiB.
 */
export function choosePartSize(fileSize: number, preferred = DEFAULT_PART_SIZE): number {
  const floor = Math.max(MIN_PART_SIZE, Math.min(preferred, MAX_PART_SIZE));
  const needed = Math.ceil(Math.ceil(fileSize / MAX_PARTS) / MiB) * MiB;
  return Math.min(MAX_PART_SIZE, Math.max(floor, needed));
}

export function partCount(fileSize: number, partSize: number): number {
  return Math.max(1, Math.ceil(fileSize / partSize));
}

/** Byte length of part n (1-based) of a file cut in parts of partSize. */
export function partLength(fileSize: number, partSize: number, n: number): number {
  return Math.min(partSize, fileSize - (n - 1) * partSize);
}

// ── Schemas ────────────────────────────────────────────────────────────────────────────────

/** YYYY-MM-DD, or DD-MM-YYYY as one reading of the spec sends it; parsed to YYYY-MM-DD. */
export const injectorDate = /* @__PURE__ */ schema(() => z
  .string()
  .trim()
  .transform((value, ctx) => {
    const dmy = /^(\d{2})-(\d{2})-(\d{4})$/.exec(value);
    const date = dmy ? `${dmy[3]}-${dmy[2]}-${dmy[1]}` : value;
    if (!isCalendarDate(date)) {
      ctx.addIssue({ code: 'custom', message: DATE_MESSAGES.calendarDate });
      return z.NEVER;
    }
    return date;
  }));

const fileName = /* @__PURE__ */ schema(() => z.string().trim().min(1).max(255));
const fileType = /* @__PURE__ */ schema(() => z.string().trim().max(255));
const fileSize = /* @__PURE__ */ schema(() => z.coerce.number().int().min(0).max(MAX_UPLOAD_SIZE));
const uploadId = /* @__PURE__ */ schema(() => z.string().regex(/^[A-Za-z0-9-]{8,64}$/, 'Unknown upload.'));

const recordedPart = /* @__PURE__ */ schema(() => z.object({ partNumber: z.number().int(), etag: z.string(), size: z.number().int() }));

export const remoteFile = /* @__PURE__ */ schema(() => z.object({
  /** The sanitized file name (last part of the key). */
  name: z.string(),
  /** The file's day, YYYY-MM-DD. */
  date: z.string(),
  /** Who sent it (admin levels may list and download others' files). */
  user_id: z.number().int(),
  size: z.number(),
  /** Last update (ISO). */
  updated: z.string(),
  /** updated + 90 days (bucket lifecycle), ISO. */
  deletes_at: z.string(),
}));
export type RemoteFile = z.infer<typeof remoteFile>;

export const SD_CARD_STATES = ['upload', 'tar', 'copy'] as const;
export const sdCardState = /* @__PURE__ */ schema(() => z.object({
  sd_card: z.string(),
  state: z.enum(SD_CARD_STATES),
  start_date: z.string(),
  end_date: z.string().nullable(),
  user_id: z.number().int(),
}));

const where = /* @__PURE__ */ schema(() => z.object({
  /** The day the file belongs to (the sender's local date), YYYY-MM-DD; default the server's today. */
  date: injectorDate.optional(),
}));

// ── Operations ─────────────────────────────────────────────────────────────────────────────

export const getUploadURL = /* @__PURE__ */ defineOperation(() => ({
  id: 'getUploadURL',
  area: 'rij',
  method: 'POST',
  path: '/api/rij/getUploadURL',
  access: 'authenticated',
  summary:
    'A presigned PUT URL (15 min) for one zip or tar file of at most 1 GiB under the caller\'s own key <date>/<userId>/<sanitized name>; the declared size counts toward the caller\'s daily quota (422 past it) and is signed: the PUT must send exactly that Content-Length and Content-Type application/zip.',
  input: where.extend({ filename: fileName, filetype: fileType, size: fileSize.max(MAX_SINGLE_PUT_SIZE) }),
  output: z.object({ url: z.string(), name: z.string(), date: z.string(), content_type: z.string(), expires_at: z.string() }),
  resources: ['table', 'injectorBucket'],
}));

export const createMultipartUpload = /* @__PURE__ */ defineOperation(() => ({
  id: 'createMultipartUpload',
  area: 'rij',
  method: 'POST',
  path: '/api/rij/multipart',
  access: 'authenticated',
  summary:
    'Starts a presigned multipart upload of a large zip or tar file (the declared size, at most 500 GiB, counts toward the caller\'s daily quota: 422 past it; each part URL signs its exact length), or resumes the caller\'s unfinished upload of the same file (same name, size and last-modified time): answers its id, part size and count, and the parts already stored.',
  input: where.extend({
    filename: fileName,
    filetype: fileType,
    size: fileSize.min(1),
    /** The file's last-modified time (ms), part of its identity for resuming. */
    lastModified: z.coerce.number().int().min(0).optional(),
    /** Preferred part size in bytes; raised when needed to stay under 10,000 parts. */
    partSize: z.coerce.number().int().min(MIN_PART_SIZE).max(MAX_PART_SIZE).optional(),
  }),
  output: z.object({
    uploadId: z.string(),
    name: z.string(),
    date: z.string(),
    partSize: z.number().int(),
    partCount: z.number().int(),
    resumed: z.boolean(),
    parts: z.array(recordedPart),
  }),
  resources: ['table', 'injectorBucket'],
}));

export const getUploadPartUrls = /* @__PURE__ */ defineOperation(() => ({
  id: 'getUploadPartUrls',
  area: 'rij',
  method: 'POST',
  path: '/api/rij/multipart/{uploadId}/urls',
  access: 'authenticated',
  summary: 'Presigned PUT URLs (15 min) for a batch of part numbers of the caller\'s own multipart upload.',
  input: z.object({ uploadId, partNumbers: z.array(z.number().int().min(1).max(MAX_PARTS)).min(1).max(MAX_PART_URLS_PER_CALL) }),
  output: z.object({ urls: z.array(z.object({ partNumber: z.number().int(), url: z.string() })), expires_at: z.string() }),
  resources: ['table', 'injectorBucket'],
}));

/**
 * An S3 part ETag as the PUT answers it: the part's MD5 in hex, with or without S3's double quotes
 * (S3 compares them without quotes; the record keeps it unquoted).
 */
export const PART_ETAG = /^"?[0-9a-fA-F]{32}"?$/;

const partToRecord = /* @__PURE__ */ schema(() => z.object({
  partNumber: z.number().int().min(1).max(MAX_PARTS),
  etag: z.string().trim().regex(PART_ETAG, 'Not an S3 part ETag (the part\'s MD5 in hex).'),
  size: z.number().int().min(1).max(MAX_PART_SIZE),
}));

/**
 * Parts recorded per call (ADR 0420): the module records the parts it stored in batches (every
 * RECORD_BATCH parts, or a few seconds after a part was stored, and the rest before complete).
 */
export const MAX_PARTS_PER_RECORD = 50;

export const recordUploadedPart = /* @__PURE__ */ defineOperation(() => ({
  id: 'recordUploadedPart',
  area: 'rij',
  method: 'POST',
  path: '/api/rij/multipart/{uploadId}/parts',
  access: 'authenticated',
  summary:
    'Records parts the browser stored (each one\'s number, ETag and exact size; 1 to 50 per call, each number once), so an interrupted upload resumes without sending them again. A part recorded again replaces its record.',
  input: z.object({
    uploadId,
    parts: z
      .array(partToRecord)
      .min(1)
      .max(MAX_PARTS_PER_RECORD)
      .superRefine((parts, ctx) => {
        const seen = new Set<number>();
        parts.forEach((part, i) => {
          if (seen.has(part.partNumber)) ctx.addIssue({ code: 'custom', path: [i, 'partNumber'], message: `Part ${part.partNumber} is listed twice.` });
          seen.add(part.partNumber);
        });
      }),
  }),
  output: z.object({ status: z.literal(200), recorded: z.number().int() }),
  resources: ['table'],
}));

export const listUploadedParts = /* @__PURE__ */ defineOperation(() => ({
  id: 'listUploadedParts',
  area: 'rij',
  method: 'GET',
  path: '/api/rij/multipart/{uploadId}/parts',
  access: 'authenticated',
  summary: 'The parts of the caller\'s multipart upload recorded so far (the local S3 emulator has no ListParts).',
  input: z.object({ uploadId }),
  output: z.object({ partSize: z.number().int(), partCount: z.number().int(), parts: z.array(recordedPart) }),
  resources: ['table'],
  writes: [],
}));

export const completeMultipartUpload = /* @__PURE__ */ defineOperation(() => ({
  id: 'completeMultipartUpload',
  area: 'rij',
  method: 'POST',
  path: '/api/rij/multipart/{uploadId}/complete',
  access: 'authenticated',
  summary: 'Completes the caller\'s multipart upload from its recorded parts (409 while parts are missing), then checks the stored object is a zip or tar archive of the declared size (otherwise deletes it and answers 422).',
  input: z.object({ uploadId }),
  output: z.object({ name: z.string(), date: z.string(), size: z.number() }),
  resources: ['table', 'injectorBucket'],
}));

export const abortMultipartUpload = /* @__PURE__ */ defineOperation(() => ({
  id: 'abortMultipartUpload',
  area: 'rij',
  method: 'DELETE',
  path: '/api/rij/multipart/{uploadId}',
  access: 'authenticated',
  summary:
    "Cancels the caller's multipart upload: forgets its records and gives its size back to the daily quota, then aborts it in S3 ('not-supported' in the local emulator; 'left-to-lifecycle' when S3 fails: the bucket's rule removes the parts).",
  input: z.object({ uploadId }),
  output: z.object({ status: z.literal(200), s3: z.enum(['aborted', 'not-supported', 'already-gone', 'left-to-lifecycle']) }),
  resources: ['table', 'injectorBucket'],
}));

export const uploadedFile = /* @__PURE__ */ defineOperation(() => ({
  id: 'uploadedFile',
  area: 'rij',
  method: 'POST',
  path: '/api/rij/uploadedFile',
  access: 'authenticated',
  summary:
    'Marks one of the caller\'s files as uploaded: checks it is stored as a zip or tar archive, of the size sent when one is given (otherwise deletes it and answers 422), and records the SD card\'s upload state record.',
  input: where.extend({
    filename: fileName,
    started_at: dateTime.optional(),
    /** The size of the file sent: the stored object must have it (a HEAD tells). */
    size: fileSize.optional(),
  }),
  output: z.object({ status: z.literal(200), file: remoteFile }),
  resources: ['table', 'injectorBucket'],
}));

export const uploadedFileStatus = /* @__PURE__ */ defineOperation(() => ({
  id: 'uploadedFileStatus',
  area: 'rij',
  method: 'POST',
  path: '/api/rij/uploadedFileStatus',
  access: 'authenticated',
  summary: 'Whether one of the caller\'s files is stored (and its size and last update).',
  input: where.extend({ filename: fileName }),
  output: z.object({ status: z.literal(200), stored: z.boolean(), file: remoteFile.nullable() }),
  resources: ['table', 'injectorBucket'],
}));

export const getFilesOnServer = /* @__PURE__ */ defineOperation(() => ({
  id: 'getFilesOnServer',
  area: 'rij',
  method: 'GET',
  path: '/api/rij/getFilesOnServer',
  access: 'authenticated',
  summary:
    'The files stored for a date: the caller\'s own (showOnlyUserFiles, the default), or everyone\'s for admin levels (1, 2); others get 403 for everyone\'s.',
  input: z.object({
    date: injectorDate,
    showOnlyUserFiles: z
      .enum(['true', 'false'])
      .optional()
      .transform((v) => v !== 'false'),
  }),
  output: z.object({ files: z.array(remoteFile) }),
  resources: ['table', 'injectorBucket'],
  writes: [],
}));

export const getDownloadLink = /* @__PURE__ */ defineOperation(() => ({
  id: 'getDownloadLink',
  area: 'rij',
  method: 'GET',
  path: '/api/rij/getDownloadLink',
  access: 'authenticated',
  summary:
    'A presigned GET URL (15 min) for a stored file: the caller\'s own, or anyone\'s for admin levels (user_id); 404 when it is not stored.',
  input: z.object({ filename: fileName, date: injectorDate, user_id: z.coerce.number().int().positive().optional() }),
  output: z.object({ status: z.literal(200), url: z.string(), expires_at: z.string() }),
  resources: ['table', 'injectorBucket'],
  writes: [],
}));

export const getStatesByDate = /* @__PURE__ */ defineOperation(() => ({
  id: 'getStatesByDate',
  area: 'rij',
  method: 'GET',
  path: '/api/rij/getStatesByDate',
  access: 'authenticated',
  summary: 'SD-card state records (upload, tar, copy) of a date: the caller\'s own, everyone\'s for admin levels. Not rendered by the screen.',
  input: z.object({ date: injectorDate }),
  output: z.object({ cards: z.array(sdCardState) }),
  resources: ['table'],
  writes: [],
}));
