import { CachedTravelProvider, OfflineTravelProvider, type LatLng, type TravelMatrix } from '#shared/planning/travel.ts';
import { GAZETTEER, municipalities, municipalityById, normalize, placeLabel, slug, type GazetteerPlace } from './gazetteer.ts';
import { MAX_SUGGESTIONS, addressParts, straightLine, type GeocodedPlace, type LocationPort, type PlaceSuggestion, type RouteLine } from './port.ts';

/**
 * Offline adapter: the gazetteer for suggestions and geocoding, straight-line distance × road
 * factor for travel (shared/planning/travel.ts). No network.
 *
 * Any civic address in a known municipality is accepted ('1234 rue des Pins, Granby'): it is
 * placed at the municipality's position and marked approximate (docs/decisions/0082-offline-gazetteer-geonames.md).
 * Its place id carries the address: `civ:<municipality id>|<number and street>`.
 */
export class OfflineLocation implements LocationPort {
  private readonly travel = new CachedTravelProvider(new OfflineTravelProvider());

  async suggest(text: string): Promise<PlaceSuggestion[]> {
    return search(text)
      .slice(0, MAX_SUGGESTIONS)
      .map((p) => ({ text: label(p), place_id: p.id }));
  }

  async geocode(query: { placeId?: string; text?: string }): Promise<GeocodedPlace | undefined> {
    const place = query.placeId ? byId(query.placeId) : query.text ? bestMatch(query.text) : undefined;
    return place ? toGeocoded(place) : undefined;
  }

  matrix(points: readonly LatLng[]): Promise<TravelMatrix> {
    return this.travel.matrix(points);
  }

  async directions(points: readonly LatLng[]): Promise<RouteLine> {
    return straightLine(points);
  }
}

/** A civic address placed at its municipality. */
interface CivicPlace extends GazetteerPlace {
  civic: true;
}
type Found = GazetteerPlace | CivicPlace;

const CIVIC_PREFIX = 'civ:';
const isCivic = (p: Found): p is CivicPlace => 'civic' in p;

function label(p: Found): string {
  return isCivic(p) ? `${p.address}, ${p.city}, QC, CAN` : placeLabel(p);
}

/** Usual abbreviations of Quebec addresses. */
const ABBREVIATIONS: Record<string, string> = { st: 'saint', ste: 'sainte', boul: 'boulevard', bd: 'boulevard', av: 'avenue', ch: 'chemin' };

const wordsOf = (text: string) =>
  normalize(text)
    .split(/[\s-]+/)
    .filter(Boolean)
    .map((w) => ABBREVIATIONS[w] ?? w);

/** Demo addresses first (known to the street), then civic addresses placed at their municipality, then municipalities. */
function search(text: string): Found[] {
  const words = wordsOf(text);
  if (!words.length) return [];
  const matches = (p: GazetteerPlace) => {
    const placeText = normalize(placeLabel(p));
    return words.every((w) => placeText.includes(w));
  };
  const demo = GAZETTEER.filter(matches).sort((a, b) => placeLabel(a).localeCompare(placeLabel(b)));
  const civic = civicAddresses(text).filter((c) => !demo.some((d) => normalize(d.address) === normalize(c.address) && d.city === c.city));
  const towns = /\d/.test(text) ? [] : rankTowns(municipalities().filter(matches), words.join('-'));
  return [...demo, ...civic, ...towns];
}

/** Municipalities whose name starts like the text first, then alphabetical order. */
function rankTowns(towns: readonly GazetteerPlace[], typed: string): GazetteerPlace[] {
  const starts = (p: GazetteerPlace) => (slug(p.city).startsWith(typed) ? 0 : 1);
  return [...towns].sort((a, b) => starts(a) - starts(b) || a.city.localeCompare(b.city, 'fr'));
}

/** What may follow the municipality in a typed address: QC, the country, a postal code ('Québec' alone is a city). */
const TRAILING = /(?:[,\s]+(?:qc|canada|can|[a-z]\d[a-z]\s?\d[a-z]\d))+[\s,]*$/i;

/**
 * '1234 rue des Pins, Granby' or '1234 rue des Pins Granby': a civic number, a street and a
 * municipality of the data set (after a comma: a name or its beginning; without: the last words).
 */
function civicAddresses(text: string): CivicPlace[] {
  const civic = /^\s*(\d+[a-z]?(?:-\d+)?)[\s,]+(.+)$/i.exec(text);
  if (!civic) return [];
  const number = civic[1]!;
  const rest = civic[2]!.replace(TRAILING, '').trim();
  const comma = rest.indexOf(',');
  const candidates: Array<{ street: string; towns: GazetteerPlace[] }> = [];
  if (comma > 0) {
    const street = rest.slice(0, comma).trim();
    const typed = slug(rest.slice(comma + 1));
    if (street && typed) {
      const all = municipalities();
      const exact = all.filter((m) => slug(m.city) === typed);
      const prefix = all.filter((m) => slug(m.city) !== typed && slug(m.city).startsWith(typed));
      candidates.push({ street, towns: [...exact, ...rankTowns(prefix, typed)] });
    }
  } else {
    const words = rest.split(/\s+/);
    // The longest run of last words that names a municipality; the street keeps at least one word.
    for (let n = Math.min(words.length - 1, 6); n >= 1; n--) {
      const typed = slug(words.slice(-n).join(' '));
      const towns = municipalities().filter((m) => slug(m.city) === typed);
      if (towns.length) {
        candidates.push({ street: words.slice(0, -n).join(' '), towns });
        break;
      }
    }
  }
  return candidates.flatMap(({ street, towns }) => towns.map((town) => civicPlace(town, `${number} ${streetName(street)}`)));
}

/** 'rue des pins' → 'Rue des Pins': the street as Canada Post writes it, articles in lower case. */
function streetName(street: string): string {
  const small = new Set(['de', 'des', 'du', 'la', 'le', 'les', 'of', 'the', 'à', 'au', 'aux', 'et', 'sur']);
  return street
    .replace(/\s+/g, ' ')
    .split(' ')
    .map((w, i) => (i > 0 && small.has(w.toLowerCase()) ? w.toLowerCase() : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(' ');
}

function civicPlace(town: GazetteerPlace, address: string): CivicPlace {
  return { ...town, id: `${CIVIC_PREFIX}${town.id}|${address}`, kind: 'address', address, civic: true };
}

function byId(id: string): Found | undefined {
  if (id.startsWith(CIVIC_PREFIX)) {
    const [townId, address] = id.slice(CIVIC_PREFIX.length).split('|');
    const town = townId ? municipalityById(townId) : undefined;
    return town && address?.trim() ? civicPlace(town, address.trim()) : undefined;
  }
  return GAZETTEER.find((p) => p.id === id) ?? municipalityById(id);
}

/** A city name matches its municipality exactly; otherwise the first search hit. */
function bestMatch(text: string): Found | undefined {
  const typed = slug(text);
  return municipalities().find((p) => slug(p.city) === typed) ?? search(text)[0];
}

/** Municipalities and civic addresses sit at the municipality's centre: approximate. Demo addresses have their own position. */
function toGeocoded(p: Found): GeocodedPlace {
  return { address: p.address, ...addressParts(p.address), city: p.city, postalcode: p.postalcode, lat: p.lat, lng: p.lng, approximate: isCivic(p) || p.kind === 'municipality' };
}
