import { createContext, useContext } from 'react';
import type { TFunction } from 'i18next';

/** The board's texts: the page's `t` and language. */
export interface BoardText {
  t: TFunction;
  language: string;
}

/**
 * The planner page's one `useTranslation()`, given to every part of the board (docs/decisions/0340).
 * react-i18next's hook copies the i18n instance for each component that mounts it and subscribes
 * each one to the language events: on a busy day's board (hundreds of cards, each with several
 * parts) that was the largest share of the page's own work while loading. A change of language
 * changes this value, so every part reads the new texts.
 */
export const BoardTextContext = createContext<BoardText | null>(null);

export function useBoardText(): BoardText {
  const text = useContext(BoardTextContext);
  if (!text) throw new Error('useBoardText must be used inside the planner board (BoardTextContext)');
  return text;
}
