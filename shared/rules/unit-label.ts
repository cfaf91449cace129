/**
 * An apartment or suite as an address line writes it: a number or code gets '#' ('3' → '#3',
 * '3B' → '#3B'); what the user already wrote as a label stays as written ('App. 3', 'Suite 200',
 * '#5'); none gives ''.
 */
export function unitLabel(app: string | null | undefined): string {
  const unit = (app ?? '').trim();
  if (!unit) return '';
  return unit.startsWith('#') || /\p{L}{2,}/u.test(unit) ? unit : `#${unit}`;
}
