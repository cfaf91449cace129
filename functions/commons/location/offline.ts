import { CachedTravelProvider, OfflineTravelProvider, type LatLng, type TravelMatrix } from '#shared/planning/travel.ts';
import { GAZETTEER, normalize, placeLabel, type GazetteerPlace } from './gazetteer.ts';
import { MAX_SUGGESTIONS, type GeocodedPlace, type LocationPort, type PlaceSuggestion } from './port.ts';

/**
 * Offline adapter: the gazetteer for suggestions and geocoding, straight-line distance × road
 * factor for travel (shared/planning/travel.ts). No network.
 */
export class OfflineLocation implements LocationPort {
  private readonly travel = new CachedTravelProvider(new OfflineTravelProvider());

  async suggest(text: string): Promise<PlaceSuggestion[]> {
    return search(text)
      .slice(0, MAX_SUGGESTIONS)
      .map((p) => ({ text: placeLabel(p), place_id: p.id }));
  }

  async geocode(query: { placeId?: string; text?: string }): Promise<GeocodedPlace | undefined> {
    const place = query.placeId ? GAZETTEER.find((p) => p.id === query.placeId) : query.text ? bestMatch(query.text) : undefined;
    return place ? toGeocoded(place) : undefined;
  }

  matrix(points: readonly LatLng[]): Promise<TravelMatrix> {
    return this.travel.matrix(points);
  }
}

/** Usual abbreviations of Quebec addresses. */
const ABBREVIATIONS: Record<string, string> = { st: 'saint', ste: 'sainte', boul: 'boulevard', bd: 'boulevard', av: 'avenue', ch: 'chemin' };

/** Places whose label holds every word of the text (accents and case ignored); addresses first when a number is typed. */
function search(text: string): GazetteerPlace[] {
  const words = normalize(text)
    .split(/[\s-]+/)
    .filter(Boolean)
    .map((w) => ABBREVIATIONS[w] ?? w);
  if (!words.length) return [];
  const hits = GAZETTEER.filter((p) => {
    const label = normalize(placeLabel(p));
    return words.every((w) => label.includes(w));
  });
  const typedNumber = /\d/.test(text);
  return hits.sort((a, b) => rank(a, typedNumber) - rank(b, typedNumber) || placeLabel(a).localeCompare(placeLabel(b)));
}

function rank(p: GazetteerPlace, typedNumber: boolean): number {
  return (p.kind === 'address') === typedNumber ? 0 : 1;
}

/** A city name matches its municipality exactly; otherwise the first search hit. */
function bestMatch(text: string): GazetteerPlace | undefined {
  const n = normalize(text);
  return GAZETTEER.find((p) => p.kind === 'municipality' && normalize(p.city) === n) ?? search(text)[0];
}

function toGeocoded(p: GazetteerPlace): GeocodedPlace {
  return { address: p.address, city: p.city, postalcode: p.postalcode, lat: p.lat, lng: p.lng };
}
