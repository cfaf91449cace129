import type { RouteName } from '../routes.ts';

/**
 * Floor labels. The spec gives two readings and both are kept (docs/decisions/0535):
 * 'part1' (part 1 §3, `FLOORS`): 4 to 1 'Étage n', 0 ground floor, -1 basement, -2 common area;
 * 'part3' (part 3 §3): 0 first level / ground floor, 1 2nd level, -1 basement 1, else Other.
 * `FLOOR_LABEL_READING` picks the reading per screen.
 */
export const FLOOR_LABEL_READINGS = ['part1', 'part3'] as const;
export type FloorLabelReading = (typeof FLOOR_LABEL_READINGS)[number];

/** The reading each screen shows (a setting, not a guess): the review screen's floorplan panel is a part 3 screen. */
export const FLOOR_LABEL_READING = { tech_review_listing: 'part3' } as const satisfies Partial<Record<RouteName, FloorLabelReading>>;

interface Words {
  /** Floors named one by one. */
  named: Readonly<Record<number, string>>;
  /** Floors 1 and up not named: 'Étage n' in part 1's reading. */
  upper?: (n: number) => string;
  other: string;
}

const WORDS: Record<FloorLabelReading, Record<'fr' | 'en', Words>> = {
  part1: {
    fr: { named: { 0: 'Rez-de-chaussée', [-1]: 'Sous-sol', [-2]: 'Aire commune' }, upper: (n) => `Étage ${n}`, other: 'Autre' },
    en: { named: { 0: 'Ground floor', [-1]: 'Basement', [-2]: 'Common area' }, upper: (n) => `Floor ${n}`, other: 'Other' },
  },
  part3: {
    fr: { named: { 0: 'Premier niveau / rez-de-chaussée', 1: '2e niveau', [-1]: 'Sous-sol 1' }, other: 'Autre' },
    en: { named: { 0: 'First level / ground floor', 1: '2nd level', [-1]: 'Basement 1' }, other: 'Other' },
  },
};

/**
 * The label of a floor number in a reading and a language; undefined when the floor is missing
 * (the screen then shows the stored free-text `floorname`). Part 1's 'Étage n' goes on above
 * floor 4 (a condo's 12th floor is 'Étage 12'); below -2 it reads 'Autre', as part 3's 'else'.
 */
export function floorLabel(floor: number | null | undefined, reading: FloorLabelReading, lang: 'fr' | 'en'): string | undefined {
  if (floor === null || floor === undefined || !Number.isInteger(floor)) return undefined;
  const words = WORDS[reading][lang];
  return words.named[floor] ?? (words.upper && floor >= 1 ? words.upper(floor) : words.other);
}
