import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { completeReleaseUpload, createRelease, getReleases, toggleReleasePublic, type ReleaseApp } from '#shared/catalogue/releases.ts';
import { callOperation } from '../../api/client.ts';

/** Query options of /releases: one list per app; each write reloads that app's list. */
export const releaseQueries = {
  all: () => ['releases'] as const,
  ofApp: (app: ReleaseApp) =>
    queryOptions({
      queryKey: [...releaseQueries.all(), app] as const,
      queryFn: ({ signal }) => callOperation(getReleases, { app }, { signal }),
    }),
};

function useAppReload() {
  const queryClient = useQueryClient();
  return (app: ReleaseApp) => queryClient.invalidateQueries({ queryKey: releaseQueries.ofApp(app).queryKey });
}

/** The file did not reach the storage (the presigned PUT failed or was cut off). */
export class UploadFailed extends Error {}

/**
 * Adds a release, sends its file straight to the media bucket (presigned PUT), then has the upload
 * checked. The release is written before its file is sent: when the file does not arrive, adding
 * the same version again answers that release with a new upload URL (ADR 0610).
 */
export function useAddReleaseMutation() {
  const reload = useAppReload();
  return useMutation({
    mutationFn: async ({ app, version, file }: { app: ReleaseApp; version: string; file: File }) => {
      const { release, upload } = await callOperation(createRelease, { app, version, filename: file.name, size: file.size });
      const put = await fetch(upload.url, { method: 'PUT', headers: { 'content-type': upload.content_type }, body: file }).catch((error: unknown) => {
        throw new UploadFailed(`upload failed: ${(error as Error).message}`);
      });
      if (!put.ok) throw new UploadFailed(`upload answered ${put.status}`);
      return callOperation(completeReleaseUpload, { app, id: release.id });
    },
    onSettled: (_data, _error, { app }) => reload(app),
  });
}

export function useToggleReleaseMutation() {
  const reload = useAppReload();
  return useMutation({
    mutationFn: (input: { app: ReleaseApp; id: number; public: boolean }) => callOperation(toggleReleasePublic, input),
    onSettled: (_data, _error, { app }) => reload(app),
  });
}
