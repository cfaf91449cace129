import { toggleReleasePublic } from '#shared/catalogue/releases.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { getRelease, releaseView, setPublic } from '../storage/releases.ts';

/** Public ⇄ private; a release whose file is not uploaded cannot become public (422). */
export const handler = apiHandler(toggleReleasePublic, async ({ app, id, public: value }, { log }) => {
  const release = await setPublic(await getRelease(app, id), value);
  log('release visibility', { app, id, public: value });
  return { release: await releaseView(release) };
});
