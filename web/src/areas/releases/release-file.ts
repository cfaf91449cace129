import { RELEASE_MAX_BYTES, releaseFileName } from '#shared/catalogue/releases.ts';

/** What is wrong with the file chosen for a release, as the key of its text under `releases.` (none: undefined). */
export type ReleaseFileProblem = 'file_required' | 'file_name_invalid' | 'file_empty' | 'file_too_large';

/**
 * The /releases form's own check of the chosen file, before anything is sent: the server refuses a
 * file name it cannot store and a size outside 1 byte … RELEASE_MAX_BYTES (createRelease's schema),
 * and the form says which, rather than the generic error of a refused request.
 */
export function releaseFileProblem(file: Pick<File, 'name' | 'size'> | null): ReleaseFileProblem | undefined {
  if (!file) return 'file_required';
  if (!releaseFileName.safeParse(file.name).success) return 'file_name_invalid';
  if (file.size < 1) return 'file_empty';
  if (file.size > RELEASE_MAX_BYTES) return 'file_too_large';
  return undefined;
}

/** The largest file in GiB, as the texts write it. */
export const RELEASE_MAX_GIB = RELEASE_MAX_BYTES / 1024 ** 3;
