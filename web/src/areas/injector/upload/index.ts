/** The injector's upload module: framework-free, used by the /remote_injector screen and the upload bench. */
export { uploadFile, DEFAULT_CONCURRENCY, DEFAULT_ATTEMPTS, UPLOAD_PAUSED, type UploadOptions } from './uploader.ts';
export { injectorApi, xhrPut, fetchPut, type OperationCaller } from './transport.ts';
export { UploadError, TransportError, isAbortError } from './errors.ts';
export { backoffDelay } from './backoff.ts';
export { speedMeter } from './speed.ts';
export type * from './types.ts';
