import { describe, expect, it } from 'vitest';
import { RELEASE_MAX_BYTES, createRelease } from '#shared/catalogue/releases.ts';
import en from './locales/en.json';
import fr from './locales/fr.json';
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

describe("a release file's name", () => {
  it('is ASCII, as the text says in both languages: an accented letter is refused', () => {
    for (const name of ['café.zip', 'Éditeur-1.0.zip', 'naïve.apk']) expect(releaseFileProblem({ name, size: 10 }), name).toBe('file_name_invalid');
    for (const name of ['ppworker-1.4.2.zip', 'Tech_App.apk', '2.0.0.tar']) expect(releaseFileProblem({ name, size: 10 }), name).toBeUndefined();
    expect(en.releases.file_name_invalid).toContain('unaccented letters (a–z, A–Z)');
    expect(fr.releases.file_name_invalid).toContain('lettres sans accent (a–z, A–Z)');
  });

  it('begins with a letter or a digit and has at most 100 characters, as the text says', () => {
    expect(releaseFileProblem({ name: '.hidden.zip', size: 10 })).toBe('file_name_invalid');
    expect(releaseFileProblem({ name: '_x.zip', size: 10 })).toBe('file_name_invalid');
    expect(releaseFileProblem({ name: `${'a'.repeat(96)}.zip`, size: 10 })).toBeUndefined();
    expect(releaseFileProblem({ name: `${'a'.repeat(97)}.zip`, size: 10 })).toBe('file_name_invalid');
    expect(en.releases.file_name_invalid).toContain('begins with a letter or a digit and has at most 100 characters');
    expect(fr.releases.file_name_invalid).toContain('commence par une lettre ou un chiffre et compte au plus 100 caractères');
  });
});
