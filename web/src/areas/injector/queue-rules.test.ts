import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { INJECTOR_MESSAGES } from '#shared/catalogue/rij.ts';
import en from './locales/en.json';
import fr from './locales/fr.json';
import { failureOf, failureText, isRemovable, isSendable, sortChoice, type QueuedFile } from './queue-rules.ts';
import { UploadError } from './upload/index.ts';

const translator = async (lng: 'fr' | 'en') => {
  const instance = i18next.createInstance();
  await instance.init({ lng, resources: { fr: { translation: fr }, en: { translation: en } }, interpolation: { escapeValue: false } });
  return instance.t;
};

const refusal = (message: string, status = 422) => new UploadError('status', message, status);
const row = (change: Partial<QueuedFile>): QueuedFile => ({ id: 'f1', file: {} as File, name: 'card.zip', status: 'waiting', loaded: 0, percent: 0, ...change });
const failed = (error: unknown) => row({ status: 'error', ...failureOf(error) });

describe("a refused file's row (ADR 0605)", () => {
  it('says every known refusal of the server in the reader\'s language, not the generic text', async () => {
    const [tf, te] = await Promise.all([translator('fr'), translator('en')]);
    for (const message of Object.values(INJECTOR_MESSAGES)) {
      const item = failed(refusal(message));
      expect(item.reason, message).toBe(message);
      for (const t of [tf, te]) {
        const text = failureText(t, item);
        expect(text, message).not.toBe(t('injector.error_status'));
        expect(text, message).not.toMatch(/^injector\./);
      }
      expect(failureText(tf, item), message).not.toBe(failureText(te, item));
    }
    expect(failureText(tf, failed(refusal(INJECTOR_MESSAGES.quotaReached)))).toContain("Limite d'envoi quotidienne atteinte");
    expect(failureText(te, failed(refusal(INJECTOR_MESSAGES.notAnArchive)))).toContain('not a zip or tar archive');
    expect(failureText(tf, failed(refusal(INJECTOR_MESSAGES.todayOnly)))).toContain("pour aujourd'hui seulement");
  });

  it("keeps the spec's two texts for a failure without a known reason", async () => {
    const te = await translator('en');
    expect(failureText(te, failed(new UploadError('sending', 'Network error')))).toBe('Error while sending file to the cloud.');
    expect(failureText(te, failed(refusal('Internal error.', 500)))).toBe('Problem uploading file.');
    // A network failure's text is never a server reason, even if it reads like one.
    expect(failureOf(new UploadError('sending', INJECTOR_MESSAGES.quotaReached)).reason).toBeUndefined();
  });

  it('a file refused for good (not an archive, the quota, its type) is not sent again and may be removed', () => {
    for (const message of [INJECTOR_MESSAGES.notAnArchive, INJECTOR_MESSAGES.quotaReached, INJECTOR_MESSAGES.badType, INJECTOR_MESSAGES.empty]) {
      const item = failed(refusal(message, message === INJECTOR_MESSAGES.badType ? 400 : 422));
      expect(item.refused, message).toBe(true);
      expect(isSendable(item), message).toBe(false);
      expect(isRemovable(item), message).toBe(true);
    }
  });

  it('a file that errored otherwise is sent again by the next Upload and cannot be removed (part 2 §5)', () => {
    for (const error of [new UploadError('sending', 'Network error'), refusal('HTTP 500', 500), refusal(INJECTOR_MESSAGES.todayOnly), refusal(INJECTOR_MESSAGES.sizeMismatch), refusal(INJECTOR_MESSAGES.partsMismatch, 409)]) {
      const item = failed(error);
      expect(item.refused, error.message).toBe(false);
      expect(isSendable(item), error.message).toBe(true);
      expect(isRemovable(item), error.message).toBe(false);
    }
    expect(isSendable(row({ status: 'waiting' }))).toBe(true);
    expect(isSendable(row({ status: 'done' }))).toBe(false);
    expect(isRemovable(row({ status: 'uploading' }))).toBe(false);
  });

  it('keeps where an earlier attempt may have stored the file whole, for the next Upload to check', () => {
    const error = new UploadError('sending', 'Network error');
    error.storedAt = { name: 'card.zip', date: '2026-11-22', startedAt: '2026-11-22T12:00:00.000Z' };
    expect(failed(error).storedAt).toEqual(error.storedAt);
    expect(failed(new UploadError('sending', 'Network error')).storedAt).toBeUndefined();
  });
});

describe('one choice of files in the picker or the dropzone', () => {
  it('queues the zip and names the refused file of a mixed choice, in either order', () => {
    const notes = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    const ok = new File(['PK'], 'ok.zip', { type: 'application/x-zip-compressed', lastModified: 1_700_000_000_000 });
    const { queued, refused } = sortChoice([ok], [{ file: notes }]);
    expect(refused).toEqual(['notes.txt']);
    expect(queued.map((f) => [f.name, f.type, f.size, f.lastModified])).toEqual([['ok.zip', 'application/zip', 2, 1_700_000_000_000]]);
  });

  it('names every refused file when none is accepted, and none when all are', () => {
    const zip = new File(['PK'], 'a.zip', { type: 'application/zip' });
    expect(sortChoice([], [{ file: new File([''], 'notes.txt') }, { file: new File([''], 'photo.jpg') }])).toEqual({ queued: [], refused: ['notes.txt', 'photo.jpg'] });
    const all = sortChoice([zip], []);
    expect(all.refused).toEqual([]);
    expect(all.queued[0]).toBe(zip);
  });
});
