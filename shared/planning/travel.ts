/**
 * Travel distances and times behind one small interface (docs/decisions/0033).
 * - AWS: an adapter over Amazon Location's route matrix lives under functions/ and implements
 *   `TravelProvider`.
 * - Offline: straight-line (haversine) distance × a road factor, and a speed model for time.
 * - `CachedTravelProvider` wraps either and remembers every pair it has seen.
 */
export interface LatLng {
  lat: number;
  lng: number;
}

/** Square matrices over the given points, row = from, column = to. */
export interface TravelMatrix {
  distancesKm: number[][];
  durationsS: number[][];
}

export interface TravelProvider {
  matrix(points: readonly LatLng[]): Promise<TravelMatrix>;
}

/** Road distance ≈ 1.3 × straight-line distance (typical detour index of a North-American street grid). */
export const ROAD_FACTOR = 1.3;

/**
 * Speed model of the offline provider: a fixed 3 minutes per trip (parking, lights), the first
 * 5 road-km at 30 km/h (city streets), the next 20 km at 50 km/h (arterials), the rest at
 * 90 km/h (autoroutes). Zero-length trips take no time.
 */
export const SPEED_MODEL = {
  fixedS: 180,
  bands: [
    { km: 5, kmh: 30 },
    { km: 20, kmh: 50 },
    { km: Infinity, kmh: 90 },
  ],
} as const;

const EARTH_RADIUS_KM = 6371.0088;

export function haversineKm(a: LatLng, b: LatLng): number {
  const toRad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * toRad;
  const dLng = (b.lng - a.lng) * toRad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * toRad) * Math.cos(b.lat * toRad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Driving time in seconds for a road distance, with the offline speed model. */
export function offlineDurationS(roadKm: number): number {
  if (roadKm <= 0) return 0;
  let left = roadKm;
  let hours = 0;
  for (const band of SPEED_MODEL.bands) {
    const km = Math.min(left, band.km);
    hours += km / band.kmh;
    left -= km;
    if (left <= 0) break;
  }
  return Math.round(SPEED_MODEL.fixedS + hours * 3600);
}

export interface OfflineOptions {
  roadFactor?: number;
}

/** Offline provider: haversine × road factor, speed model for durations. Pure and synchronous underneath. */
export class OfflineTravelProvider implements TravelProvider {
  readonly roadFactor: number;

  constructor(options: OfflineOptions = {}) {
    this.roadFactor = options.roadFactor ?? ROAD_FACTOR;
  }

  pair(a: LatLng, b: LatLng): { km: number; s: number } {
    const km = haversineKm(a, b) * this.roadFactor;
    return { km, s: offlineDurationS(km) };
  }

  matrixSync(points: readonly LatLng[]): TravelMatrix {
    const n = points.length;
    const distancesKm = Array.from({ length: n }, () => new Array<number>(n).fill(0));
    const durationsS = Array.from({ length: n }, () => new Array<number>(n).fill(0));
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const { km, s } = this.pair(points[i]!, points[j]!);
        distancesKm[i]![j] = distancesKm[j]![i] = km;
        durationsS[i]![j] = durationsS[j]![i] = s;
      }
    }
    return { distancesKm, durationsS };
  }

  async matrix(points: readonly LatLng[]): Promise<TravelMatrix> {
    return this.matrixSync(points);
  }
}

/** Key of a point, ~0.1 m precision. */
function pointKey(p: LatLng): string {
  return `${p.lat.toFixed(6)},${p.lng.toFixed(6)}`;
}

/**
 * Per-pair cache over any provider. Asks the inner provider only for the distinct points of a
 * request when at least one of their pairs is unknown; answers from memory otherwise.
 */
export class CachedTravelProvider implements TravelProvider {
  private readonly cache = new Map<string, { km: number; s: number }>();

  constructor(
    private readonly inner: TravelProvider,
    private readonly maxEntries = 500_000,
  ) {}

  get size(): number {
    return this.cache.size;
  }

  async matrix(points: readonly LatLng[]): Promise<TravelMatrix> {
    const keys = points.map(pointKey);
    const distinct = [...new Set(keys)];
    const missing = distinct.some((a) => distinct.some((b) => a !== b && !this.cache.has(`${a}|${b}`)));
    if (missing) {
      const idx = new Map(distinct.map((k, i) => [k, i]));
      const pts = distinct.map((k) => points[keys.indexOf(k)]!);
      const m = await this.inner.matrix(pts);
      if (this.cache.size + distinct.length ** 2 > this.maxEntries) this.cache.clear();
      for (const a of distinct) {
        for (const b of distinct) {
          if (a === b) continue;
          const i = idx.get(a)!;
          const j = idx.get(b)!;
          this.cache.set(`${a}|${b}`, { km: m.distancesKm[i]![j]!, s: m.durationsS[i]![j]! });
        }
      }
    }
    const n = points.length;
    const distancesKm = Array.from({ length: n }, () => new Array<number>(n).fill(0));
    const durationsS = Array.from({ length: n }, () => new Array<number>(n).fill(0));
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        if (keys[i] === keys[j]) continue;
        const e = this.cache.get(`${keys[i]}|${keys[j]}`)!;
        distancesKm[i]![j] = e.km;
        durationsS[i]![j] = e.s;
      }
    }
    return { distancesKm, durationsS };
  }
}
