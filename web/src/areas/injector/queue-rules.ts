import type { TFunction } from 'i18next';
import { INJECTOR_MESSAGES, UPLOAD_CONTENT_TYPE } from '#shared/catalogue/rij.ts';
import { UploadError, type StoredAt } from './upload/index.ts';

export type QueuedStatus = 'waiting' | 'uploading' | 'done' | 'error';

export interface QueuedFile {
  id: string;
  file: File;
  /** The name it will have in the cloud (sanitized). */
  name: string;
  status: QueuedStatus;
  loaded: number;
  percent: number;
  /** 'sending' → 'Error while sending file to the cloud.'; 'status' → 'Problem uploading file.', or the server's reason. */
  error?: UploadError['kind'];
  /** The server's reason for refusing the file, as it wrote it (shown translated when the screen knows it). */
  reason?: string;
  /** Refused for a reason that sending it again does not change: it is not sent again, and may be removed (ADR 0605). */
  refused?: boolean;
  /** Where an earlier attempt may have stored it whole: the next Upload checks there before sending anything. */
  storedAt?: StoredAt;
  /** Every byte is stored and the upload is being finished: it can no longer be cancelled. */
  finishing?: boolean;
  /** Once sent: the day it is filed under (the list of that day shows it). */
  filedUnder?: string;
}

/** The server's refusals the screen says in the reader's language (ADR 0565), by the message the server writes. */
const REASON_KEYS: Record<string, string> = {
  [INJECTOR_MESSAGES.quotaReached]: 'injector.reason.quota',
  [INJECTOR_MESSAGES.notAnArchive]: 'injector.reason.not_archive',
  [INJECTOR_MESSAGES.badType]: 'injector.reason.bad_type',
  [INJECTOR_MESSAGES.todayOnly]: 'injector.reason.today_only',
  [INJECTOR_MESSAGES.sizeMismatch]: 'injector.reason.size_mismatch',
  [INJECTOR_MESSAGES.partsMismatch]: 'injector.reason.parts_mismatch',
  [INJECTOR_MESSAGES.nameTaken]: 'injector.reason.name_taken',
  [INJECTOR_MESSAGES.empty]: 'injector.reason.empty',
};

/**
 * Refusals that the same file gets again however often it is sent: it is not an archive (sending
 * it again sends all its bytes, counts them in the quota again, and has them deleted again), the
 * day's quota is used up, its type is not accepted, its name holds another file that day (renamed, it
 * is added again as a new file). Not among them: 'for today only' (the
 * computer's date can be corrected, and nothing is sent before it is checked), a stored size or
 * parts that do not match (a new attempt may succeed).
 */
const FOR_GOOD = new Set<string>([INJECTOR_MESSAGES.quotaReached, INJECTOR_MESSAGES.notAnArchive, INJECTOR_MESSAGES.badType, INJECTOR_MESSAGES.nameTaken, INJECTOR_MESSAGES.empty]);

/** What a failed upload leaves on its row: the kind of failure, the server's reason, whether it is final, where it may be stored. */
export function failureOf(error: unknown): Pick<QueuedFile, 'error' | 'reason' | 'refused' | 'storedAt'> {
  if (!(error instanceof UploadError)) return { error: 'status', reason: undefined, refused: false, storedAt: undefined };
  const reason = error.kind === 'status' && REASON_KEYS[error.message] ? error.message : undefined;
  return { error: error.kind, reason, refused: reason !== undefined && FOR_GOOD.has(reason), storedAt: error.storedAt };
}

/** Sent by the next Upload: waiting, or errored for a reason that may pass (a network drop, a busy server). */
export function isSendable(item: QueuedFile): boolean {
  return item.status === 'waiting' || (item.status === 'error' && !item.refused);
}

/**
 * Removable: a file waiting or sent, and a file refused for good. A file that errored otherwise
 * cannot be removed (part 2 §5): the next Upload sends it again.
 */
export function isRemovable(item: QueuedFile): boolean {
  return item.status === 'waiting' || item.status === 'done' || (item.status === 'error' && !!item.refused);
}

/** The text of a failed row: the server's reason in the reader's language, else the spec's two texts (part 2 §8). */
export function failureText(t: TFunction, item: Pick<QueuedFile, 'error' | 'reason'>): string {
  const key = item.reason === undefined ? undefined : REASON_KEYS[item.reason];
  if (key) return t(key);
  return t(item.error === 'sending' ? 'injector.error_sending' : 'injector.error_status');
}

/**
 * One choice in the file picker or the dropzone, taken whole (the dropzone's `onDropAny` gets both
 * lists at once): the accepted files to queue, typed as the upload sends them, and the names of the
 * refused ones, said even when others of the same choice are queued.
 */
export function sortChoice(accepted: readonly File[], refusals: readonly { file: Pick<File, 'name'> }[]): { queued: File[]; refused: string[] } {
  return {
    queued: accepted.map((file) => (file.type === UPLOAD_CONTENT_TYPE ? file : new File([file], file.name, { type: UPLOAD_CONTENT_TYPE, lastModified: file.lastModified }))),
    refused: refusals.map((r) => r.file.name),
  };
}
