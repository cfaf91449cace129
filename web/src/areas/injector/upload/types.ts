/**
 * The upload module's contracts. The module is framework-free: it runs in the browser (the
 * /remote_injector screen, XMLHttpRequest PUTs with progress) and in Node (the upload bench,
 * fetch PUTs and file-handle slices). Everything it talks to is passed in.
 */

/** A file to send: a browser File, or anything that can cut a byte range of itself on demand. */
export interface FileSource {
  name: string;
  size: number;
  type: string;
  lastModified: number;
  /** Bytes [start, end): a lazy Blob slice in the browser, a buffer read from a file handle in Node. */
  slice(start: number, end: number): Blob | Uint8Array | Promise<Blob | Uint8Array>;
}

export interface RecordedPart {
  partNumber: number;
  etag: string;
  size: number;
}

export interface CreatedUpload {
  uploadId: string;
  name: string;
  date: string;
  partSize: number;
  partCount: number;
  resumed: boolean;
  parts: RecordedPart[];
}

/** The rij/... calls the uploader makes (the web app binds them to the catalogue client). */
export interface InjectorApi {
  getUploadUrl(input: { filename: string; filetype: string; size: number; date?: string }): Promise<{ url: string; name: string; date: string; content_type: string }>;
  createMultipart(input: { filename: string; filetype: string; size: number; lastModified: number; partSize?: number; date?: string }): Promise<CreatedUpload>;
  partUrls(uploadId: string, partNumbers: number[]): Promise<{ partNumber: number; url: string }[]>;
  /** Records stored parts (1 to MAX_PARTS_PER_RECORD per call). */
  recordParts(uploadId: string, parts: RecordedPart[]): Promise<void>;
  complete(uploadId: string): Promise<{ name: string; date: string; size: number }>;
  abort(uploadId: string): Promise<void>;
  /**
   * rij/uploadedFile then rij/uploadedFileStatus: true when the file is stored. With `size`, the
   * server also checks the stored object has that size (otherwise deletes it: 422).
   */
  markUploaded(input: { filename: string; date: string; started_at: string; size?: number }): Promise<boolean>;
  /** rij/uploadedFileStatus (a HEAD of the object): the size of the file stored under that name and day, or undefined. */
  storedSize(input: { filename: string; date: string }): Promise<number | undefined>;
}

/**
 * Where a file may already be stored whole: an attempt failed after every byte of it was sent (the
 * single PUT was sent, or the multipart upload's complete was asked), before it was marked uploaded.
 */
export interface StoredAt {
  /** Its sanitized name and the day it is filed under (the key's parts). */
  name: string;
  date: string;
  /** When the browser started sending it (the SD card's upload state record). */
  startedAt: string;
}

export interface PutOptions {
  contentType?: string;
  signal?: AbortSignal;
  /** Bytes of this request sent so far (browsers report it while sending). */
  onProgress?: (sent: number) => void;
}

/** One HTTP PUT of a body to a presigned URL: its status and ETag; throws on a network failure. */
export type PutFn = (url: string, body: Blob | Uint8Array, options: PutOptions) => Promise<{ status: number; etag: string | null }>;

export interface UploadProgress {
  /** Bytes stored so far, including parts stored before a resume. */
  loaded: number;
  total: number;
  percent: number;
  /** Bytes sent by this run per second since it started (resumed parts excluded). */
  bytesPerSecond: number;
}

export interface UploadResult {
  name: string;
  date: string;
  size: number;
  multipart: boolean;
  /** Bytes this run sent (a resume sends only the missing parts). */
  sentBytes: number;
  /** Bytes found already stored when resuming. */
  resumedBytes: number;
  /** PUT requests made, retries included. */
  requests: number;
}
