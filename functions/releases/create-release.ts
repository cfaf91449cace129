import { createRelease } from '#shared/catalogue/releases.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { insertOrReopenRelease, presignReleaseUpload, releaseView } from '../storage/releases.ts';

/**
 * Adds a private release and answers the presigned PUT of its file. The version of a release
 * whose file never arrived answers that release again with a new PUT for the file now declared
 * (ADR 0610); a version whose file is uploaded is 409.
 */
export const handler = apiHandler(createRelease, async (input, { log }) => {
  const { release, reopened } = await insertOrReopenRelease(input);
  log(reopened ? 'release file sent again' : 'release created', { app: release.app, id: release.id, version: release.version });
  return { release: await releaseView(release), upload: await presignReleaseUpload(release) };
});
