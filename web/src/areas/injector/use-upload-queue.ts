import { useCallback, useEffect, useRef, useState } from 'react';
import { sanitizeFileName } from '#shared/catalogue/rij.ts';
import { UPLOAD_PAUSED, isAbortError, speedMeter, uploadFile, xhrPut, type InjectorApi } from './upload/index.ts';
import { failureOf, isRemovable, isSendable, type QueuedFile } from './queue-rules.ts';

export type { QueuedFile, QueuedStatus } from './queue-rules.ts';

export interface UploadQueueOptions {
  api: InjectorApi;
  multipartThreshold: number | undefined;
  /** The day the files are filed under (the local today). */
  date: () => string;
  /** After each stored file, with the day it was filed under (show that day's list). */
  onStored: (filedUnder: string) => void;
}

let nextId = 0;

/**
 * The files chosen on the screen and their uploads, one file after the other (each multipart
 * upload has several parts in flight). Errored files stay (they cannot be removed) and are sent
 * again, resuming, by the next Upload; a file an earlier attempt stored whole is then only marked
 * uploaded. A file the server refused for good (not an archive, the day's quota) stays red with its
 * reason, is not sent again, and may be removed (ADR 0605).
 */
export function useUploadQueue({ api, multipartThreshold, date, onStored }: UploadQueueOptions) {
  const [items, setItems] = useState<QueuedFile[]>([]);
  const [uploading, setUploading] = useState(false);
  const [speed, setSpeed] = useState(0);
  const uploadingRef = useRef(false);
  const controllers = useRef(new Map<string, AbortController>());
  const itemsRef = useRef(items);
  itemsRef.current = items;

  const patch = (id: string, change: Partial<QueuedFile>) => setItems((list) => list.map((item) => (item.id === id ? { ...item, ...change } : item)));

  const add = useCallback((files: File[]) => {
    setItems((list) => [
      ...list,
      ...files.map((file) => ({ id: `f${++nextId}`, file, name: sanitizeFileName(file.name), status: 'waiting' as const, loaded: 0, percent: 0 })),
    ]);
  }, []);

  const remove = useCallback((id: string) => {
    setItems((list) => list.filter((item) => item.id !== id || !isRemovable(item)));
  }, []);

  const cancel = useCallback((id: string) => controllers.current.get(id)?.abort(), []);

  const start = useCallback(async () => {
    if (uploadingRef.current) return;
    const batch = itemsRef.current.filter(isSendable);
    if (!batch.length) return;
    uploadingRef.current = true;
    setUploading(true);
    const meter = speedMeter();
    const timer = setInterval(() => setSpeed(meter.bytesPerSecond()), 500);
    try {
      for (const item of batch) {
        const controller = new AbortController();
        controllers.current.set(item.id, controller);
        patch(item.id, { status: 'uploading', error: undefined, reason: undefined, loaded: 0, percent: 0, finishing: false });
        let resumed: number | undefined;
        try {
          const result = await uploadFile(item.file, {
            api,
            put: xhrPut,
            date: date(),
            signal: controller.signal,
            ...(item.storedAt ? { storedAt: item.storedAt } : {}),
            ...(multipartThreshold ? { multipartThreshold } : {}),
            onFinishing: () => patch(item.id, { finishing: true }),
            onProgress: (p) => {
              resumed ??= p.loaded;
              meter.update(item.id, p.loaded - resumed);
              patch(item.id, { loaded: p.loaded, percent: p.percent });
            },
          });
          patch(item.id, { status: 'done', loaded: item.file.size, percent: 100, storedAt: undefined, filedUnder: result.date });
          onStored(result.date);
        } catch (error) {
          if (isAbortError(error)) {
            if (controller.signal.reason === UPLOAD_PAUSED) return;
            patch(item.id, { status: 'waiting', loaded: 0, percent: 0 });
          } else {
            patch(item.id, { status: 'error', ...failureOf(error) });
          }
        } finally {
          controllers.current.delete(item.id);
        }
      }
    } finally {
      clearInterval(timer);
      setSpeed(meter.bytesPerSecond());
      uploadingRef.current = false;
      setUploading(false);
    }
  }, [api, date, multipartThreshold, onStored]);

  // Leaving the screen stops sending without cancelling: the upload resumes next time.
  useEffect(() => {
    const current = controllers.current;
    return () => current.forEach((controller) => controller.abort(UPLOAD_PAUSED));
  }, []);

  return { items, uploading, uploadingRef, speed, add, remove, cancel, start };
}
