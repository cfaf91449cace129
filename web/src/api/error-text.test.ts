import { afterEach, describe, expect, it, vi } from 'vitest';
import { addressServiceFailed, bodyTooLarge, databaseBusy, forbidden, notFound, serviceUnavailable, unauthorized, type HttpError } from '#functions/plumbing/errors.ts';
import { getUserFromToken, login } from '#shared/catalogue/session.ts';
import { SHOOTING_MESSAGES } from '#shared/messages/shootings.ts';
import { callOperation } from './client.ts';
import { errorText } from './error-text.ts';
import { setupI18n } from '../i18n/index.ts';
import en from '../i18n/locales/en.json';
import fr from '../i18n/locales/fr.json';

function answer(status: number, body: string, statusText = '') {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(body, { status, statusText })));
}
const failure = () => callOperation(getUserFromToken, {}).catch((e: unknown) => e);
const bodyOf = (error: HttpError) => JSON.stringify(error.body());

afterEach(() => vi.unstubAllGlobals());

describe("the server's generic plumbing texts, in the page's language", () => {
  it.each(['fr', 'en'] as const)('says the defaults of functions/plumbing in %s, matched by code and exact text', async (lang) => {
    const texts = { fr, en }[lang].common.error;
    const i18n = setupI18n(lang);
    await i18n.changeLanguage(lang);
    const cases: Array<[number, string, string]> = [
      [403, bodyOf(forbidden()), texts.forbidden],
      [404, bodyOf(notFound()), texts.not_found],
      [401, bodyOf(unauthorized()), texts.unauthorized],
      [503, bodyOf(serviceUnavailable()), texts.unavailable],
      [503, bodyOf(databaseBusy()), texts.unavailable],
      [503, bodyOf(addressServiceFailed()), texts.unavailable],
      [413, bodyOf(bodyTooLarge()), texts.too_large],
      // functions/plumbing/api-handler.ts's own answers.
      [409, '{"error":{"code":"conflict","message":"The data changed meanwhile; reload and try again."}}', texts.conflict],
      [500, '{"error":{"code":"server_error","message":"Internal error."}}', texts.server_error],
      [401, '{"error":{"code":"unauthorized","message":"Session expired or revoked."}}', texts.session_ended],
      [400, '{"error":{"code":"bad_request","message":"Invalid input.","fields":{"x":["Required"]}}}', texts.bad_request],
    ];
    for (const [status, body, text] of cases) {
      answer(status, body);
      expect(await failure()).toMatchObject({ status, message: text });
    }
  });

  it('keeps a domain message as the server wrote it, and a plumbing text under another code', async () => {
    const i18n = setupI18n('fr');
    await i18n.changeLanguage('fr');
    answer(409, JSON.stringify({ error: { code: 'conflict', message: SHOOTING_MESSAGES.alreadyConfirmed } }));
    expect(await failure()).toMatchObject({ status: 409, code: 'conflict', message: SHOOTING_MESSAGES.alreadyConfirmed });
    answer(404, '{"error":{"code":"not_found","message":"No listing has this id."}}');
    expect(await failure()).toMatchObject({ message: 'No listing has this id.' });
    // Exact text only: not a longer message that starts the same, nor the same text under another code.
    expect(errorText(500, 'server_error', 'Internal error: the table is unavailable.')).toBe('Internal error: the table is unavailable.');
    expect(errorText(409, 'conflict', 'Not found.')).toBe('Not found.');
  });

  it("replaces the browser's status text of an answer that is not JSON", async () => {
    const i18n = setupI18n('fr');
    await i18n.changeLanguage('fr');
    answer(502, '<html>Bad Gateway</html>', 'Bad Gateway');
    expect(await failure()).toMatchObject({ status: 502, code: 'server_error', message: fr.common.error.unavailable });
    answer(404, '', 'Not Found');
    expect(await failure()).toMatchObject({ status: 404, code: 'not_found', message: fr.common.error.not_found });
    answer(413, 'too big', 'Payload Too Large');
    expect(await failure()).toMatchObject({ status: 413, code: 'payload_too_large', message: fr.common.error.status });
    await i18n.changeLanguage('en');
    answer(500, '', '');
    expect(await failure()).toMatchObject({ status: 500, message: en.common.error.server_error });
  });

  it("says a plumbing text in the page's language each time it is read: a refusal on screen follows a language switch", async () => {
    const i18n = setupI18n('fr');
    await i18n.changeLanguage('fr');
    answer(403, bodyOf(forbidden()));
    const error = (await failure()) as Error;
    expect(error.message).toBe(fr.common.error.forbidden);
    await i18n.changeLanguage('en');
    expect(error.message).toBe(en.common.error.forbidden);
  });

  it('says an answer that does not match the catalogue in the page language', async () => {
    const i18n = setupI18n('fr');
    await i18n.changeLanguage('fr');
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"user":{}}', { status: 200 })));
    expect(await callOperation(login, { email: 'a@b.c', password: 'x' }).catch((e: unknown) => e)).toMatchObject({ status: 200, code: 'invalid_response', message: fr.common.error.invalid_response });
  });
});
