import type { StoredAt } from './types.ts';

/**
 * Why an upload failed. The screen shows 'Error while sending file to the cloud.' for `sending`
 * (the bytes could not be sent) and 'Problem uploading file.' for `status` (an answer other than
 * 200 from the storage or the API), per part 2's error catalogue.
 */
export class UploadError extends Error {
  /**
   * Set when the failure came after every byte was sent: the file may be stored whole there, and
   * sending it again (options.storedAt) checks that first instead of sending it all again.
   */
  storedAt?: StoredAt;

  constructor(
    readonly kind: 'sending' | 'status',
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

/** A network failure of one request (retried). */
export class TransportError extends Error {
  constructor(message = 'network error') {
    super(message);
    this.name = 'TransportError';
  }
}

export function abortError(): Error {
  const error = new Error('The upload was cancelled.');
  error.name = 'AbortError';
  return error;
}

export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}
