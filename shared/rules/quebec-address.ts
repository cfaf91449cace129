/**
 * Quebec civic addresses reduced to comparable keys (issue 14 item 2, docs/decisions/0221): the MLS
 * match-making compares our listings with the listing-data provider's by civic number, street, unit
 * and municipality, whatever the spelling: 'St-Paul E.' = 'rue Saint-Paul Est', 'Boul.' =
 * 'Boulevard', accents or not, the unit before the number ('3-45 rue X') or after ('45 rue X, app. 3').
 */

export interface AddressKey {
  civic: string;
  street: string;
  unit: string;
  municipality: string;
}

/** Lower case, no accents, punctuation as spaces. */
function plain(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[’'`.,;:/\\()#"-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const SAINT: Record<string, string> = { st: 'saint', ste: 'sainte', sts: 'saints', stes: 'saintes' };
const DIRECTION: Record<string, string> = { e: 'est', est: 'est', east: 'est', o: 'ouest', ouest: 'ouest', w: 'ouest', west: 'ouest', n: 'nord', nord: 'nord', north: 'nord', s: 'sud', sud: 'sud', south: 'sud' };
/** Street types and articles: left out of the key, since one side often omits them ('St-Paul E' for 'rue Saint-Paul Est'). */
const GENERIC = new Set([
  'rue', 'r', 'avenue', 'av', 'ave', 'boulevard', 'boul', 'boulv', 'blvd', 'bd', 'chemin', 'ch', 'route', 'rte', 'rang', 'rg', 'montee', 'mtee', 'place', 'pl',
  'cote', 'terrasse', 'croissant', 'cr', 'impasse', 'allee', 'promenade', 'carre', 'street', 'road', 'rd', 'drive', 'dr', 'crescent', 'cres', 'court', 'crt',
  'de', 'du', 'des', 'la', 'le', 'les', 'l', 'd', 'of', 'the',
]);

/** The street without type, articles or spelling variants: 'Boul. St-Joseph E.' → 'saint joseph est'. */
export function streetKey(street: string): string {
  const tokens = plain(street).split(' ').filter(Boolean);
  const out: string[] = [];
  tokens.forEach((token, i) => {
    const last = i === tokens.length - 1;
    // A trailing 'St' is the English 'Street'; anywhere else it is 'Saint'.
    if (token === 'st' && last && i > 0) return;
    if (last && i > 0 && DIRECTION[token]) return void out.push(DIRECTION[token]);
    if (SAINT[token]) return void out.push(SAINT[token]);
    if (GENERIC.has(token)) return;
    // Ordinal streets: '1re', '1ère', '1er', '3e', '3ème', '3ieme', '3rd' Avenue are one street.
    const ordinal = /^(\d+)(?:e|er|re|ere|eme|ieme|iem|em|nd|nde|st|th|rd)$/.exec(token);
    if (ordinal) return void out.push(ordinal[1]!);
    out.push(token);
  });
  return out.join(' ');
}

/** The municipality: 'Montréal (Ville-Marie)' → 'montreal', 'St-Jérôme' → 'saint jerome'. */
export function municipalityKey(municipality: string): string {
  return plain(municipality.replace(/\(.*?\)/g, ' '))
    .split(' ')
    .filter(Boolean)
    .map((t) => SAINT[t] ?? t)
    .join(' ');
}

/** A civic number without leading zeros or spaces, its letter kept ('045 a' → '45a'). */
export function civicKey(civic: string): string {
  return plain(civic).replace(/\s+/g, '').replace(/^0+(?=\d)/, '');
}

/** A unit: 'App. 03' → '3', '#B' → 'b'. */
export function unitKey(unit: string): string {
  return plain(unit)
    .replace(/^(appartement|app|apt|appt|unite|unit|suite|bureau|local|logement|log)\b\s*/, '')
    .replace(/\s+/g, '')
    .replace(/^0+(?=\w)/, '');
}

const UNIT_WORDS = '(?:appartement|app|appt|apt|unite|unité|unit|suite|bureau|local|logement|#)';

/**
 * Splits one written address ('3-45 rue Saint-Paul Est', '45A, rue X, app. 3', '45 rue X #3') into
 * civic number, street and unit. `unit` given separately (our listing's `app`) wins over one found
 * in the text.
 */
export function splitAddress(address: string, unit = ''): { civic: string; street: string; unit: string } {
  let text = address.trim();
  let foundUnit = '';
  const trailing = new RegExp(`[,\\s]+${UNIT_WORDS}\\.?\\s*([\\w-]+)\\s*$`, 'iu').exec(text);
  if (trailing) {
    foundUnit = trailing[1]!;
    text = text.slice(0, trailing.index);
  }
  // Unit before the number, Quebec style: '3-45 rue X' or '3 - 45 rue X'.
  const leadingUnit = /^(\w{1,6})\s*-\s*(\d+[a-z]?)\b[\s,]*(.*)$/iu.exec(text);
  const plainCivic = /^(\d+[a-z]?)\b[\s,]*(.*)$/iu.exec(text);
  let civic = '';
  let street = text;
  if (leadingUnit && /\d/.test(leadingUnit[2]!)) {
    foundUnit ||= leadingUnit[1]!;
    civic = leadingUnit[2]!;
    street = leadingUnit[3]!;
  } else if (plainCivic) {
    civic = plainCivic[1]!;
    street = plainCivic[2]!;
  }
  return { civic, street, unit: unit.trim() || foundUnit };
}

export function addressKey(parts: { civic: string; street: string; unit?: string; municipality: string }): AddressKey {
  return { civic: civicKey(parts.civic), street: streetKey(parts.street), unit: unitKey(parts.unit ?? ''), municipality: municipalityKey(parts.municipality) };
}

/** The key of one of our listings (its address text, unit field and city). */
export function listingAddressKey(listing: { address: string; app?: string | null; city: string }): AddressKey {
  return addressKey({ ...splitAddress(listing.address, listing.app ?? ''), municipality: listing.city });
}

export type MatchOutcome<T> = { kind: 'matched'; record: T } | { kind: 'ambiguous'; candidates: T[] } | { kind: 'unmatched' };

/**
 * Picks the provider record of one address among the candidates at the same civic number, street
 * and municipality: the one with the same unit; without a unit on our side, the only one without
 * a unit, or the only candidate. Several equally good candidates are 'ambiguous', never guessed.
 */
export function pickMatch<T extends { key: AddressKey }>(ours: AddressKey, candidates: readonly T[]): MatchOutcome<T> {
  const same = candidates.filter((c) => c.key.civic === ours.civic && c.key.street === ours.street && c.key.municipality === ours.municipality);
  const decide = (list: readonly T[]): MatchOutcome<T> | undefined =>
    list.length === 1 ? { kind: 'matched', record: list[0]! } : list.length > 1 ? { kind: 'ambiguous', candidates: [...list] } : undefined;
  if (ours.unit) return decide(same.filter((c) => c.key.unit === ours.unit)) ?? { kind: 'unmatched' };
  return decide(same.filter((c) => !c.key.unit)) ?? decide(same) ?? { kind: 'unmatched' };
}
