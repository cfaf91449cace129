import { createRelease } from '#shared/catalogue/releases.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { insertRelease, presignReleaseUpload, releaseView } from '../storage/releases.ts';

/** Adds a private release and answers the presigned PUT of its file (409 when the version exists). */
export const handler = apiHandler(createRelease, async (input, { log }) => {
  const release = await insertRelease(input);
  log('release created', { app: release.app, id: release.id, version: release.version });
  return { release: await releaseView(release), upload: await presignReleaseUpload(release) };
});
