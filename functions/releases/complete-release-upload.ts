import { completeReleaseUpload } from '#shared/catalogue/releases.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { mediaObjectSize } from '../plumbing/media-objects.ts';
import { getRelease, markUploaded, releaseObjectKey, releaseView } from '../storage/releases.ts';

/** Marks a release's file uploaded once the bucket holds it with the declared size (422 otherwise). */
export const handler = apiHandler(completeReleaseUpload, async ({ app, id }) => {
  const release = await getRelease(app, id);
  const uploaded = await markUploaded(release, await mediaObjectSize(releaseObjectKey(release)));
  return { release: await releaseView(uploaded) };
});
