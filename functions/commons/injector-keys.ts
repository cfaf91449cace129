/**
 * Keys of the remote-injection items (part 2, /remote_injector), composed here and nowhere else.
 * They belong with functions/commons/keys.ts; they sit in their own module because another
 * engineer owns keys.ts (to fold in). docs/data-model.md lists the access patterns.
 */
export const injectorKeys = {
  /** One multipart upload session: owner, S3 upload id, object key, part size and count. */
  upload: (id: string) => ({ pk: `RIJUPLOAD#${id}`, sk: 'UPLOAD' }),
  /** A stored part of an upload, in its partition, ordered by part number. */
  part: (uploadId: string, partNumber: number) => ({ pk: `RIJUPLOAD#${uploadId}`, sk: `PART#${String(partNumber).padStart(5, '0')}` }),
  uploadPartition: (id: string) => `RIJUPLOAD#${id}`,
  partsPrefix: 'PART#',
  /** The caller's unfinished upload of one file (name, size, last-modified): how a reload finds it again. */
  openUpload: (userId: number, name: string, size: number, lastModified: number) => ({
    pk: `USER#${userId}#RIJOPEN`,
    sk: `${name}#${size}#${lastModified}`,
  }),
  /** SD-card state records of a day, by user then card then state. */
  sdCardState: (date: string, userId: number, sdCard: string, state: string) => ({
    pk: `RIJSTATE#${date}`,
    sk: `${String(userId).padStart(10, '0')}#${sdCard}#${state}`,
  }),
  sdCardStatesOfDay: (date: string) => `RIJSTATE#${date}`,
  sdCardStatesOfUser: (userId: number) => `${String(userId).padStart(10, '0')}#`,
} as const;

/** Object keys in the injector bucket: `<YYYY-MM-DD>/<userId>/<sanitized name>`. */
export const objectKeys = {
  file: (date: string, userId: number, name: string) => `${date}/${userId}/${name}`,
  userPrefix: (date: string, userId: number) => `${date}/${userId}/`,
  datePrefix: (date: string) => `${date}/`,
  /** `<date>/<userId>/<name>` → its parts, or undefined for a key of another shape. */
  parse: (key: string): { date: string; userId: number; name: string } | undefined => {
    const m = /^(\d{4}-\d{2}-\d{2})\/(\d+)\/([^/]+)$/.exec(key);
    return m ? { date: m[1]!, userId: Number(m[2]), name: m[3]! } : undefined;
  },
} as const;
