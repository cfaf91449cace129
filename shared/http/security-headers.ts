/**
 * The browser security headers of the web app and the API, defined once: the CloudFront
 * response-headers policy (infra/stacks/web-stack.ts) and the local server
 * (scripts/local/adapter.ts) both build theirs from here. See ADR 0095.
 */

/** Origins besides the app's own that the browser may reach. */
export interface ExternalOrigins {
  /** Where presigned media URLs point (pictures, thumbnails, ZIPs, videos) and injector uploads go. */
  storage: readonly string[];
  /** Map styles, tiles, glyphs and sprites (Amazon Location in AWS; none locally: the basemap ships with the app). */
  maps: readonly string[];
}

/** Delivery links carry their token in the path: never send the page address to another origin. */
export const REFERRER_POLICY = 'no-referrer';

/** HSTS: one year, sub-domains included (CloudFront only; the local server speaks plain HTTP). */
export const HSTS_MAX_AGE_SECONDS = 31_536_000;

export function contentSecurityPolicy(origins: ExternalOrigins): string {
  const storage = origins.storage.join(' ');
  const maps = origins.maps.join(' ');
  const directives: [string, string][] = [
    ['default-src', "'self'"],
    // No inline script anywhere: the built app is one module script from /assets.
    ['script-src', "'self'"],
    // Mantine writes its CSS variables in a <style> element and positions with style attributes.
    ['style-src', "'self' 'unsafe-inline'"],
    ['img-src', `'self' data: blob: ${storage} ${maps}`],
    ['media-src', `'self' blob: ${storage}`],
    ['font-src', "'self' data:"],
    ['connect-src', `'self' ${storage} ${maps}`],
    // maplibre-gl runs its tile workers from blob: URLs.
    ['worker-src', "'self' blob:"],
    ['child-src', "'self' blob:"],
    ['frame-src', "'none'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map(([name, value]) => `${name} ${value.replace(/\s+/g, ' ').trim()}`).join('; ');
}

/** The headers as plain name → value pairs (the local server sets exactly these). */
export function securityHeaders(origins: ExternalOrigins): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(origins),
    'x-content-type-options': 'nosniff',
    'referrer-policy': REFERRER_POLICY,
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
  };
}
