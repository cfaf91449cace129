import type * as LocationSdk from '@aws-sdk/client-location';
import type { LocationClient, Place } from '@aws-sdk/client-location';
import { ENV } from '#shared/data/design.ts';
import { CachedTravelProvider, OfflineTravelProvider, type LatLng, type TravelMatrix, type TravelProvider } from '#shared/planning/travel.ts';
import { requiredEnv } from '../aws.ts';
import { addressServiceFailed } from '../errors.ts';
import { MAX_SUGGESTIONS, straightLine, type GeocodedPlace, type LocationPort, type PlaceSuggestion, type RouteLine } from './port.ts';

/** Amazon Location, restricted to Canada: place index for suggestions and geocoding, route calculator for the matrix. */
const COUNTRIES = ['CAN'];
/** Route-matrix calls are made in blocks this size (the smallest limit among Amazon Location's providers). */
const BLOCK = 10;
/** CalculateRoute takes a departure, a destination and at most 23 waypoints. */
const ROUTE_POINTS = 25;

type Sdk = Pick<typeof LocationSdk, 'LocationClient' | 'SearchPlaceIndexForSuggestionsCommand' | 'GetPlaceCommand' | 'SearchPlaceIndexForTextCommand' | 'CalculateRouteCommand' | 'CalculateRouteMatrixCommand'>;

/**
 * The SDK is imported here, at first use: esbuild inlines the adapter into every bundle that can
 * reach location(), and a static import would load the SDK at the start of all of them (ADR 0410).
 * The names are taken by destructuring, so the SDK layer knows what to hold (ADR 0765).
 */
export async function awsLocation(): Promise<AwsLocation> {
  const { LocationClient, SearchPlaceIndexForSuggestionsCommand, GetPlaceCommand, SearchPlaceIndexForTextCommand, CalculateRouteCommand, CalculateRouteMatrixCommand } = await import('@aws-sdk/client-location');
  return new AwsLocation({ LocationClient, SearchPlaceIndexForSuggestionsCommand, GetPlaceCommand, SearchPlaceIndexForTextCommand, CalculateRouteCommand, CalculateRouteMatrixCommand });
}

export class AwsLocation implements LocationPort {
  private readonly client: LocationClient;
  private readonly travel: CachedTravelProvider;

  constructor(private readonly sdk: Sdk) {
    this.client = new sdk.LocationClient({});
    this.travel = new CachedTravelProvider(new AwsRouteMatrix(sdk, this.client));
  }

  async suggest(text: string, language?: 'fr' | 'en'): Promise<PlaceSuggestion[]> {
    const answer = await guard(() =>
      this.client.send(
        new this.sdk.SearchPlaceIndexForSuggestionsCommand({ IndexName: requiredEnv(ENV.placeIndex), Text: text, FilterCountries: COUNTRIES, MaxResults: MAX_SUGGESTIONS, ...(language ? { Language: language } : {}) }),
      ),
    );
    return (answer.Results ?? []).filter((r) => r.PlaceId).map((r) => ({ text: r.Text ?? '', place_id: r.PlaceId! }));
  }

  async geocode(query: { placeId?: string; text?: string }, language?: 'fr' | 'en'): Promise<GeocodedPlace | undefined> {
    const IndexName = requiredEnv(ENV.placeIndex);
    const lang = language ? { Language: language } : {};
    if (query.placeId) {
      // A place id is the client's: one Amazon Location does not know (or cannot read) is an unknown place, not an outage.
      const unknown = (error: unknown) => {
        if (UNKNOWN_PLACE.has((error as Error | null)?.name ?? '')) return { Place: undefined };
        throw error;
      };
      const answer = await guard(() => this.client.send(new this.sdk.GetPlaceCommand({ IndexName, PlaceId: query.placeId, ...lang })).catch(unknown));
      return answer.Place ? fromPlace(answer.Place) : undefined;
    }
    const answer = await guard(() => this.client.send(new this.sdk.SearchPlaceIndexForTextCommand({ IndexName, Text: query.text, FilterCountries: COUNTRIES, MaxResults: 1, ...lang })));
    const place = answer.Results?.[0]?.Place;
    return place ? fromPlace(place) : undefined;
  }

  matrix(points: readonly LatLng[]): Promise<TravelMatrix> {
    return this.travel.matrix(points);
  }

  /** CalculateRoute with leg geometry, by pieces of 25 points sharing their ends; a leg without geometry is a straight one. */
  async directions(points: readonly LatLng[]): Promise<RouteLine> {
    if (points.length < 2) return { coordinates: straightLine(points).coordinates, approximate: false };
    const coordinates: Array<[number, number]> = [];
    let approximate = false;
    for (let i = 0; i < points.length - 1; i += ROUTE_POINTS - 1) {
      const piece = points.slice(i, i + ROUTE_POINTS).map((p) => [p.lng, p.lat]);
      const answer = await guard(() =>
        this.client.send(
          new this.sdk.CalculateRouteCommand({
            CalculatorName: requiredEnv(ENV.routeCalculator),
            DeparturePosition: piece[0],
            DestinationPosition: piece.at(-1),
            WaypointPositions: piece.slice(1, -1),
            TravelMode: 'Car',
            IncludeLegGeometry: true,
          }),
        ),
      );
      piece.slice(0, -1).forEach((from, k) => {
        const line = answer.Legs?.[k]?.Geometry?.LineString;
        if (!line?.length) approximate = true;
        for (const [lng, lat] of line?.length ? line : [from, piece[k + 1]!]) coordinates.push([lng!, lat!]);
      });
    }
    return { coordinates, approximate };
  }
}

function fromPlace(place: Place): GeocodedPlace | undefined {
  const [lng, lat] = place.Geometry?.Point ?? [];
  if (lat === undefined || lng === undefined || (place.Country && place.Country !== 'CAN')) return undefined;
  const street = [place.AddressNumber, place.Street].filter(Boolean).join(' ');
  return { address: street || (place.Label ?? ''), civic_number: place.AddressNumber ?? '', street: place.Street ?? '', city: place.Municipality ?? '', postalcode: place.PostalCode ?? '', lat, lng, approximate: false };
}

/** Amazon Location failures are the spec's 503 (external API error). */
/** GetPlace's answers for a place id that names no place: the caller's 404, not a 503. */
const UNKNOWN_PLACE = new Set(['ResourceNotFoundException', 'ValidationException']);

async function guard<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    console.error('Amazon Location failed:', (error as Error).name, (error as Error).message);
    throw addressServiceFailed();
  }
}

/** CalculateRouteMatrix by blocks; a pair it cannot route falls back to the offline estimate. */
class AwsRouteMatrix implements TravelProvider {
  private readonly offline = new OfflineTravelProvider();

  constructor(
    private readonly sdk: Sdk,
    private readonly client: LocationClient,
  ) {}

  async matrix(points: readonly LatLng[]): Promise<TravelMatrix> {
    const n = points.length;
    const distancesKm = Array.from({ length: n }, () => new Array<number>(n).fill(0));
    const durationsS = Array.from({ length: n }, () => new Array<number>(n).fill(0));
    const pos = (p: LatLng) => [p.lng, p.lat];
    for (let i0 = 0; i0 < n; i0 += BLOCK) {
      for (let j0 = 0; j0 < n; j0 += BLOCK) {
        const from = points.slice(i0, i0 + BLOCK);
        const to = points.slice(j0, j0 + BLOCK);
        const answer = await guard(() =>
          this.client.send(
            new this.sdk.CalculateRouteMatrixCommand({
              CalculatorName: requiredEnv(ENV.routeCalculator),
              DeparturePositions: from.map(pos),
              DestinationPositions: to.map(pos),
              TravelMode: 'Car',
              DistanceUnit: 'Kilometers',
            }),
          ),
        );
        from.forEach((a, di) =>
          to.forEach((b, dj) => {
            const i = i0 + di;
            const j = j0 + dj;
            if (i === j) return;
            const cell = answer.RouteMatrix?.[di]?.[dj];
            const fallback = cell?.Distance === undefined || cell.DurationSeconds === undefined ? this.offline.pair(a, b) : undefined;
            distancesKm[i]![j] = fallback ? fallback.km : cell!.Distance!;
            durationsS[i]![j] = fallback ? fallback.s : cell!.DurationSeconds!;
          }),
        );
      }
    }
    return { distancesKm, durationsS };
  }
}
