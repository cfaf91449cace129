import * as z from '../zod.ts';
import { ADMIN_ROLES } from '../roles.ts';
import { defineOperation } from './operation.ts';
import { schema } from '#shared/schema.ts';

/**
 * App releases, part 3 screen 13 (/releases), §3 (App release: id, version, public, cdn_url), §4
 * (public ⇄ private) and §7 (releases by app name → app.releases; toggle release public). A
 * release's file goes to the media bucket through a presigned PUT, like the injector's uploads;
 * apps ask for their latest public version through a public operation. ADR 0232.
 */

export const RELEASE_APPS = ['ppworker', 'pptechapp', 'mobilevrapp', 'vrupdater', 'techappupdater', 'techapp', 'remote-injector-gui'] as const;
export type ReleaseApp = (typeof RELEASE_APPS)[number];

/** The largest release file (one presigned PUT); the /releases form checks it before sending (an empty file too). */
export const RELEASE_MAX_BYTES = 2 * 1024 ** 3;
/** Release files are stored and served as this type (signed into the upload URL). */
export const RELEASE_CONTENT_TYPE = 'application/octet-stream';

export const RELEASE_MESSAGES = {
  version: 'A version is numbers separated by dots (1.4.2), optionally followed by -label (2.0.0-beta.1); at most 40 characters.',
  filename: 'A file name has unaccented letters (a-z, A-Z), digits, dots, hyphens or underscores, and begins with a letter or a digit (at most 100 characters).',
  size: `The file must be between 1 byte and ${RELEASE_MAX_BYTES / 1024 ** 3} GiB.`,
  duplicate: 'This app already has a release with this version.',
  notUploaded: 'The file of this release has not been uploaded yet.',
  sizeMismatch: 'The stored file does not have the declared size; upload it again.',
  noPublic: 'This app has no public release.',
} as const;

const app = /* @__PURE__ */ schema(() => z.enum(RELEASE_APPS));
const id = /* @__PURE__ */ schema(() => z.coerce.number().int().positive());
export const releaseVersion = /* @__PURE__ */ schema(() => z
  .string(RELEASE_MESSAGES.version)
  .trim()
  .max(40, RELEASE_MESSAGES.version)
  .regex(/^\d{1,6}(\.\d{1,6}){0,3}(-[0-9A-Za-z][0-9A-Za-z.]*)?$/, RELEASE_MESSAGES.version));
export const releaseFileName = /* @__PURE__ */ schema(() => z
  .string(RELEASE_MESSAGES.filename)
  .trim()
  .max(100, RELEASE_MESSAGES.filename)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, RELEASE_MESSAGES.filename));

export const releaseView = /* @__PURE__ */ schema(() => z.object({
  id: z.number().int(),
  app,
  version: z.string(),
  public: z.boolean(),
  filename: z.string(),
  size: z.number().int(),
  /** Whether the file is in the bucket (checked after the upload). */
  uploaded: z.boolean(),
  /** A download URL of the file (null until it is uploaded). */
  cdn_url: z.string().nullable(),
  created_at: z.string(),
}));
export type ReleaseView = z.infer<typeof releaseView>;

export const getReleases = /* @__PURE__ */ defineOperation(() => ({
  id: 'getReleases',
  area: 'releases',
  method: 'GET',
  path: '/api/releases/{app}',
  access: ADMIN_ROLES,
  summary: "An app's releases, newest version first.",
  input: z.object({ app }),
  output: z.object({ app: z.object({ name: app, releases: z.array(releaseView) }) }),
  resources: ['table', 'mediaBucket'],
  writes: [],
}));

export const createRelease = /* @__PURE__ */ defineOperation(() => ({
  id: 'createRelease',
  area: 'releases',
  method: 'POST',
  path: '/api/releases/{app}',
  access: ADMIN_ROLES,
  summary:
    "Adds a private release of an app and answers a presigned PUT (15 min) for its file, of the declared size and type; then completeReleaseUpload. A version whose release exists without its file (an upload that never arrived) answers that release again, with the file now declared and a new PUT (ADR 0610); 409 when the version's file is uploaded.",
  input: z.object({
    app,
    version: releaseVersion,
    filename: releaseFileName,
    size: z.number(RELEASE_MESSAGES.size).int(RELEASE_MESSAGES.size).min(1, RELEASE_MESSAGES.size).max(RELEASE_MAX_BYTES, RELEASE_MESSAGES.size),
  }),
  output: z.object({ release: releaseView, upload: z.object({ url: z.string(), content_type: z.string(), expires_at: z.string() }) }),
  resources: ['table', 'mediaBucket'],
  writes: ['table'],
}));

export const completeReleaseUpload = /* @__PURE__ */ defineOperation(() => ({
  id: 'completeReleaseUpload',
  area: 'releases',
  method: 'POST',
  path: '/api/releases/{app}/{id}/uploaded',
  access: ADMIN_ROLES,
  summary: "Marks a release's file uploaded once the bucket holds it with the declared size (422 otherwise).",
  input: z.object({ app, id }),
  output: z.object({ release: releaseView }),
  resources: ['table', 'mediaBucket'],
  writes: ['table'],
}));

export const toggleReleasePublic = /* @__PURE__ */ defineOperation(() => ({
  id: 'toggleReleasePublic',
  area: 'releases',
  method: 'PUT',
  path: '/api/releases/{app}/{id}/public',
  access: ADMIN_ROLES,
  summary: 'Makes a release public or private (422 when making public a release whose file is not uploaded).',
  input: z.object({ app, id, public: z.boolean() }),
  output: z.object({ release: releaseView }),
  resources: ['table', 'mediaBucket'],
  writes: ['table'],
}));

export const getLatestRelease = /* @__PURE__ */ defineOperation(() => ({
  id: 'getLatestRelease',
  area: 'releases',
  method: 'GET',
  path: '/api/public/releases/{app}/latest',
  access: 'public',
  summary: "An app's latest public release (highest version) with its download URL; 404 when it has none.",
  input: z.object({ app }),
  output: z.object({ app, version: z.string(), filename: z.string(), size: z.number().int(), cdn_url: z.string() }),
  resources: ['table', 'mediaBucket'],
  writes: [],
}));

/**
 * The one spelling of a version among those compareVersions holds equal ('1.4.2', '1.4.2.0' and
 * '01.4.2' are one version): parts without leading zeros, trailing zero parts dropped, the label's
 * numbers without leading zeros. An app's version guard is keyed by it, so such twins are one
 * release (409), and the latest release never depends on which was added first.
 */
export function canonicalVersion(version: string): string {
  const [core = '', label] = version.trim().split(/-(.*)/s);
  const parts = core.split('.').map((p) => String(Number(p)));
  while (parts.length > 1 && parts.at(-1) === '0') parts.pop();
  return label === undefined ? parts.join('.') : `${parts.join('.')}-${label.replace(/\d+/g, (n) => String(Number(n)))}`;
}

/** Versions compared as numbers part by part; a version with a -label comes before the same without. */
export function compareVersions(a: string, b: string): number {
  const [coreA = '', labelA] = a.split(/-(.*)/s);
  const [coreB = '', labelB] = b.split(/-(.*)/s);
  const pa = coreA.split('.').map(Number);
  const pb = coreB.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  if (labelA === undefined || labelB === undefined) return labelA === labelB ? 0 : labelA === undefined ? 1 : -1;
  return labelA.localeCompare(labelB, 'en', { numeric: true });
}
