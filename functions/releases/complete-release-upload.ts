import { completeReleaseUpload } from '#shared/catalogue/releases.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { getRelease, markUploaded, releaseView } from '../storage/releases.ts';

/** Marks a release's file uploaded once the bucket holds it with the declared size (422 otherwise). */
export const handler = apiHandler(completeReleaseUpload, async ({ app, id }) => {
  const release = await markUploaded(await getRelease(app, id));
  return { release: await releaseView(release) };
});
