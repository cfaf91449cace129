import { ENV } from '#shared/data/design.ts';

/**
 * Where a link sent by e-mail points (the delivery page of the media e-mail): the site's configured
 * origin (deploy setting siteOrigin, ADR 0213) when there is one. Without it (the local stack, a
 * deployment that did not set it), the origin of the browser that asked, an http(s) origin only,
 * and as a last resort the host the request reached.
 */
export function siteOrigin(headers: Record<string, string | undefined>, env: NodeJS.ProcessEnv = process.env): string {
  const configured = env[ENV.siteOrigin];
  if (configured) return configured;
  const asked = originOf(headers.origin);
  if (asked) return asked;
  return `${headers['x-forwarded-proto'] === 'http' ? 'http' : 'https'}://${headers.host ?? 'localhost'}`;
}

function originOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}
