import { RELEASE_MESSAGES, getLatestRelease } from '#shared/catalogue/releases.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { notFound } from '../plumbing/errors.ts';
import { latestPublicRelease, releaseView } from '../storage/releases.ts';

/** What an app asks to update itself: its highest public version and the file's URL (404 when none). */
export const handler = apiHandler(getLatestRelease, async ({ app }) => {
  const release = await latestPublicRelease(app);
  if (!release) throw notFound(RELEASE_MESSAGES.noPublic);
  const view = await releaseView(release);
  return { app, version: view.version, filename: view.filename, size: view.size, cdn_url: view.cdn_url! };
});
