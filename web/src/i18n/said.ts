import type { TFunction } from 'i18next';

/**
 * A message a screen keeps in state until the next action (a refusal, a confirmation): how to say
 * it, not its words, so it is said in the language the page is in when it renders, also after a
 * language switch while it shows (docs/decisions/0745). Mostly a catalogue key and its values; a
 * message made of several texts, lists or dates is composed when shown.
 */
export type Said = { key: string; values?: Record<string, unknown> } | { compose: (t: TFunction, language: string) => string };

export const said = (key: string, values?: Record<string, unknown>): Said => (values ? { key, values } : { key });

/** A kept message in the page's language now. */
export const words = (t: TFunction, language: string, message: Said): string => ('key' in message ? t(message.key, message.values ?? {}) : message.compose(t, language));
