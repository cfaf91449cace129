import type { LatLng, TravelMatrix } from '#shared/planning/travel.ts';

/**
 * The location port (docs/decisions/0052-location-port.md): address suggestions restricted to
 * Canada, geocoding, and the travel matrix. Amazon Location in AWS, the offline gazetteer locally.
 */
export interface PlaceSuggestion {
  text: string;
  place_id: string;
}

export interface GeocodedPlace {
  address: string;
  /** The address's parts (the depot form fills its fields from them); '' when the place has none. */
  civic_number: string;
  street: string;
  city: string;
  postalcode: string;
  lat: number;
  lng: number;
  /** True when the position is the municipality's, not the street address's (the offline gazetteer). */
  approximate: boolean;
}

export interface LocationPort {
  suggest(text: string, language?: 'fr' | 'en'): Promise<PlaceSuggestion[]>;
  /** A suggestion's place id, or a free text (best match); undefined when unknown. */
  geocode(query: { placeId?: string; text?: string }, language?: 'fr' | 'en'): Promise<GeocodedPlace | undefined>;
  matrix(points: readonly LatLng[]): Promise<TravelMatrix>;
  /** The road line through the points in order, [lng, lat] pairs; approximate when it is straight legs (offline). */
  directions(points: readonly LatLng[]): Promise<RouteLine>;
}

export interface RouteLine {
  coordinates: Array<[number, number]>;
  approximate: boolean;
}

/** Straight legs through the points: the offline line, and the fallback where no road is found. */
export const straightLine = (points: readonly LatLng[]): RouteLine => ({ coordinates: points.map((p) => [p.lng, p.lat]), approximate: true });

export const MAX_SUGGESTIONS = 8;

/** '4200 Rue Saint-Hubert' → civic number '4200', street 'Rue Saint-Hubert'; no leading number: all street. */
export function addressParts(address: string): { civic_number: string; street: string } {
  const match = /^\s*(\d+[A-Za-z]?(?:-\d+)?)[\s,]+(.+)$/.exec(address);
  return match ? { civic_number: match[1]!, street: match[2]!.trim() } : { civic_number: '', street: address.trim() };
}
