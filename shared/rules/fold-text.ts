/** A text as searches compare it: accents and case aside ('Montréal' → 'montreal', 'Marc-André' → 'marc-andre'). */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
