import {
  abortMultipartUpload,
  completeMultipartUpload,
  createMultipartUpload,
  getUploadPartUrls,
  getUploadURL,
  recordUploadedPart,
  uploadedFile,
  uploadedFileStatus,
} from '#shared/catalogue/rij.ts';
import type { InputOf, OperationDef, OutputOf } from '#shared/catalogue/operation.ts';
import { TransportError, abortError } from './errors.ts';
import type { InjectorApi, PutFn } from './types.ts';

/** Calls one catalogue operation (the web app's callOperation, or a fetch-based one in Node). */
export type OperationCaller = <Op extends OperationDef>(op: Op, input: InputOf<Op>) => Promise<OutputOf<Op>>;

/** The uploader's API bound to the rij/... catalogue operations. */
export function injectorApi(call: OperationCaller): InjectorApi {
  return {
    getUploadUrl: (input) => call(getUploadURL, input),
    createMultipart: (input) => call(createMultipartUpload, input),
    partUrls: async (uploadId, partNumbers) => (await call(getUploadPartUrls, { uploadId, partNumbers })).urls,
    recordParts: async (uploadId, parts) => {
      await call(recordUploadedPart, { uploadId, parts });
    },
    complete: (uploadId) => call(completeMultipartUpload, { uploadId }),
    abort: async (uploadId) => {
      await call(abortMultipartUpload, { uploadId });
    },
    markUploaded: async (input) => {
      await call(uploadedFile, input);
      return (await call(uploadedFileStatus, { filename: input.filename, date: input.date })).stored;
    },
    storedSize: async (input) => (await call(uploadedFileStatus, input)).file?.size,
  };
}

/** Browser PUT with upload progress (XMLHttpRequest; fetch reports no upload progress). */
export const xhrPut: PutFn = (url, body, { contentType, signal, onProgress }) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    if (contentType) xhr.setRequestHeader('Content-Type', contentType);
    xhr.upload.onprogress = (event) => onProgress?.(event.loaded);
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      done();
      resolve({ status: xhr.status, etag: xhr.getResponseHeader('ETag') });
    };
    xhr.onerror = () => {
      done();
      reject(new TransportError('Error while sending file to the cloud.'));
    };
    xhr.onabort = () => {
      done();
      reject(abortError());
    };
    xhr.send(body as XMLHttpRequestBodyInit);
  });

/** PUT with fetch (Node, and browsers where progress within a request does not matter). */
export const fetchPut: PutFn = async (url, body, { contentType, signal }) => {
  let res: Response;
  try {
    res = await fetch(url, { method: 'PUT', body: body as BodyInit, ...(contentType ? { headers: { 'content-type': contentType } } : {}), ...(signal ? { signal } : {}) });
  } catch (error) {
    if (signal?.aborted) throw abortError();
    throw new TransportError((error as Error).message);
  }
  await res.arrayBuffer().catch(() => undefined);
  return { status: res.status, etag: res.headers.get('etag') };
};
