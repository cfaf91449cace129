import type { LocationPort } from './port.ts';

export type { GeocodedPlace, LocationPort, PlaceSuggestion } from './port.ts';

let port: Promise<LocationPort> | undefined;

/**
 * The location adapter of this environment: the offline gazetteer when IMMO_LOCAL is set
 * (npm start, tests: never a network call), Amazon Location otherwise. Created once per container.
 */
export function location(): Promise<LocationPort> {
  // Literal `process.env.IMMO_LOCAL` (ENV.localMode): the Lambda bundles define it as undefined,
  // so esbuild drops the offline gazetteer from them.
  port ??= process.env.IMMO_LOCAL
    ? import('./offline.ts').then((m) => new m.OfflineLocation())
    : import('./aws.ts').then((m) => m.awsLocation());
  return port;
}
