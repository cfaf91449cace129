import type { TFunction } from 'i18next';
import { REVIEW_MESSAGES } from '#shared/catalogue/review.ts';
import { isApiError } from '../../api/client.ts';

/** The review screen's actions whose refusal the server says precisely. */
export type ReviewAction = 'broker' | 'retouch' | 'order';

/**
 * Per action, the server's messages (functions/review/send-media-email.ts, send-shooting-for-retouch.ts,
 * save-picture-order.ts) and the key of their translation: one message can mean another thing to the
 * reader depending on the action (a send to the broker refused as changed meanwhile is also a
 * delivery link replaced meanwhile).
 */
const MESSAGE_KEYS: Record<ReviewAction, Readonly<Record<string, string>>> = {
  broker: {
    [REVIEW_MESSAGES.noBrokerEmail]: 'review.msg.no_broker_email',
    [REVIEW_MESSAGES.noShooting]: 'review.msg.no_shooting',
    [REVIEW_MESSAGES.changedMeanwhile]: 'review.msg.broker_changed',
  },
  retouch: {
    [REVIEW_MESSAGES.retouchInactive]: 'review.msg.retouch_inactive',
    [REVIEW_MESSAGES.retouchNeedsPicture]: 'review.retouch_needs_picture',
    [REVIEW_MESSAGES.changedMeanwhile]: 'review.msg.retouch_changed',
  },
  order: {
    [REVIEW_MESSAGES.changedMeanwhile]: 'review.msg.order_changed',
    [REVIEW_MESSAGES.orderNotPermutation]: 'review.msg.order_changed',
    [REVIEW_MESSAGES.unknownPicture]: 'review.msg.order_changed',
  },
};

/**
 * A refused review action in the reader's language: the server's message (or its first field
 * message) when the screen knows it for that action, else the spec's 'try again later' text.
 */
export function reviewRefusal(t: TFunction, action: ReviewAction, error: unknown): string {
  if (!isApiError(error)) return t('review.action_failed');
  const keys = MESSAGE_KEYS[action];
  const first = Object.values(error.fields ?? {})[0]?.[0];
  const key = keys[error.message] ?? (first === undefined ? undefined : keys[first]);
  return t(key ?? 'review.action_failed');
}
