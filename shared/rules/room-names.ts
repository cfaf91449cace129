/** Names compared without accents, case or surrounding spaces ('FAÇADE ' is 'facade'): rooms, floor types. */
export const plainRoomName = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toLowerCase();
