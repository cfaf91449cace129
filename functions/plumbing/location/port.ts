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
}

export const MAX_SUGGESTIONS = 8;
