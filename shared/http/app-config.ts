/**
 * What a deployment tells the web app at run time, served next to it as /app-config.json: the web
 * stack writes it at deploy time (Amazon Location's map style with its browser API key); the local
 * server answers the local values (no map style: the offline basemap). See ADR 0168.
 */
export interface AppConfig {
  /** The basemap's style descriptor URL; null: the offline basemap shipped with the app. */
  mapStyleUrl: string | null;
}

export const APP_CONFIG_PATH = '/app-config.json';

export const LOCAL_APP_CONFIG: AppConfig = { mapStyleUrl: null };

/** Amazon Location's v2 'Standard' style, light, with the browser key in its query (the key is sent with every tile request anyway). */
export function amazonLocationStyleUrl(region: string, apiKey: string): string {
  return `https://maps.geo.${region}.amazonaws.com/v2/styles/Standard/descriptor?key=${apiKey}&color-scheme=Light`;
}

/** The config a client reads, whatever the file holds: only an https style URL is used. */
export function parseAppConfig(body: unknown): AppConfig {
  const url = (body as { mapStyleUrl?: unknown } | null)?.mapStyleUrl;
  return { mapStyleUrl: typeof url === 'string' && url.startsWith('https://') ? url : null };
}
