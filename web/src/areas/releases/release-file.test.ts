import { describe, expect, it } from 'vitest';
import { RELEASE_MAX_BYTES, createRelease } from '#shared/catalogue/releases.ts';
import { RELEASE_MAX_GIB, releaseFileProblem } from './release-file.ts';

describe("the /releases form's check of the chosen file", () => {
  it('refuses an empty file and one over the limit, as the server would, before sending anything', () => {
    expect(releaseFileProblem({ name: 'ppworker.zip', size: 0 })).toBe('file_empty');
    expect(releaseFileProblem({ name: 'ppworker.zip', size: RELEASE_MAX_BYTES + 1 })).toBe('file_too_large');
    expect(releaseFileProblem({ name: 'ppworker.zip', size: 1 })).toBeUndefined();
    expect(releaseFileProblem({ name: 'ppworker.zip', size: RELEASE_MAX_BYTES })).toBeUndefined();
    expect(releaseFileProblem({ name: '../x.zip', size: 10 })).toBe('file_name_invalid');
    expect(releaseFileProblem(null)).toBe('file_required');
    expect(RELEASE_MAX_GIB).toBe(2);
  });

  it('agrees with the server schema at the limits', () => {
    const accepted = (size: number) => createRelease.input.safeParse({ app: 'ppworker', version: '1.0.0', filename: 'ppworker.zip', size }).success;
    for (const size of [0, 1, RELEASE_MAX_BYTES, RELEASE_MAX_BYTES + 1]) expect(releaseFileProblem({ name: 'ppworker.zip', size }) === undefined).toBe(accepted(size));
  });
});
