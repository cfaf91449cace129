/**
 * An apartment or suite as an address line writes it: a number or code gets '#' ('3' → '#3',
 * '3B' → '#3B', 'PH2' → '#PH2'); what the user wrote as a label stays as written: words with a
 * number after a space or a dot ('App. 3', 'Suite 200'), a word alone ('Penthouse'), or '#5'. None
 * gives ''.
 */
export function unitLabel(app: string | null | undefined): string {
  const unit = (app ?? '').trim();
  if (!unit) return '';
  const label = unit.startsWith('#') || (/\p{L}{2,}/u.test(unit) && (/[\s.]/.test(unit) || !/\d/.test(unit)));
  return label ? unit : `#${unit}`;
}
