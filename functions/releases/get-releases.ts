import { getReleases } from '#shared/catalogue/releases.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { listReleases, releaseView } from '../storage/releases.ts';

/** An app's panel on /releases: its releases, newest version first. */
export const handler = apiHandler(getReleases, async ({ app }) => {
  const releases = await listReleases(app);
  return { app: { name: app, releases: await Promise.all(releases.map(releaseView)) } };
});
