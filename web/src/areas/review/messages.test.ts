import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { REVIEW_MESSAGES } from '#shared/catalogue/review.ts';
import { ApiError } from '../../api/client.ts';
import en from './locales/en.json';
import fr from './locales/fr.json';
import { reviewRefusal } from './messages.ts';

const translator = async (lng: 'fr' | 'en') => {
  const instance = i18next.createInstance();
  await instance.init({ lng, resources: { fr: { translation: fr }, en: { translation: en } }, interpolation: { escapeValue: false } });
  return instance.t;
};

describe('review refusals in the reader language', () => {
  it("says send-to-broker's and send-for-retouch's refusals precisely, in French and in English", async () => {
    const [tf, te] = await Promise.all([translator('fr'), translator('en')]);
    const cases = [
      ['broker', new ApiError(400, 'bad_request', REVIEW_MESSAGES.noBrokerEmail, { listing_id: [REVIEW_MESSAGES.noBrokerEmail] }), 'review.msg.no_broker_email'],
      ['broker', new ApiError(409, 'conflict', REVIEW_MESSAGES.changedMeanwhile), 'review.msg.broker_changed'],
      ['retouch', new ApiError(422, 'unprocessable', REVIEW_MESSAGES.retouchInactive), 'review.msg.retouch_inactive'],
      ['retouch', new ApiError(400, 'bad_request', REVIEW_MESSAGES.retouchNeedsPicture, { shooting_id: [REVIEW_MESSAGES.retouchNeedsPicture] }), 'review.retouch_needs_picture'],
      ['retouch', new ApiError(409, 'conflict', REVIEW_MESSAGES.changedMeanwhile), 'review.msg.retouch_changed'],
      ['order', new ApiError(409, 'conflict', REVIEW_MESSAGES.changedMeanwhile), 'review.msg.order_changed'],
      ['order', new ApiError(400, 'bad_request', 'Invalid input.', { pictures: [REVIEW_MESSAGES.orderNotPermutation] }), 'review.msg.order_changed'],
    ] as const;
    for (const [action, error, key] of cases) {
      expect(reviewRefusal(te, action, error), key).toBe(te(key));
      expect(reviewRefusal(tf, action, error), key).toBe(tf(key));
      expect(tf(key)).not.toBe(te(key));
      expect(tf(key)).not.toBe(key);
    }
    expect(reviewRefusal(tf, 'broker', cases[0][1])).toBe("Le courtier de cette inscription n'a pas d'adresse courriel : rien n'a été envoyé. Ajoutez-en une à son compte, puis envoyez de nouveau.");
  });

  it("falls back on the spec's 'try again later' text for anything else", async () => {
    const tf = await translator('fr');
    const generic = tf('review.action_failed');
    expect(reviewRefusal(tf, 'broker', new ApiError(500, 'server_error', 'Internal error.'))).toBe(generic);
    expect(reviewRefusal(tf, 'retouch', new ApiError(0, 'network_error', 'Network error'))).toBe(generic);
    // A message known for another action is not this action's.
    expect(reviewRefusal(tf, 'broker', new ApiError(422, 'unprocessable', REVIEW_MESSAGES.retouchInactive))).toBe(generic);
    expect(reviewRefusal(tf, 'order', new Error('boom'))).toBe(generic);
  });
});
