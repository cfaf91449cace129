import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, securityHeaders } from './security-headers.ts';

const directives = (csp: string) => new Map(csp.split('; ').map((d) => [d.split(' ')[0]!, d.split(' ').slice(1)]));

describe('security headers', () => {
  const csp = contentSecurityPolicy({ storage: ['https://media.s3.ca-central-1.amazonaws.com'], maps: ['https://maps.geo.ca-central-1.amazonaws.com'] });
  const d = directives(csp);

  it('allows scripts from the app itself only: no inline script, no eval', () => {
    expect(d.get('script-src')).toEqual(["'self'"]);
    expect(csp).not.toContain('unsafe-eval');
  });

  it('cannot be framed and embeds no plugin', () => {
    expect(d.get('frame-ancestors')).toEqual(["'none'"]);
    expect(d.get('object-src')).toEqual(["'none'"]);
    expect(d.get('base-uri')).toEqual(["'self'"]);
  });

  it('connects only to its own origin, the storage buckets and the map service', () => {
    expect(d.get('connect-src')).toEqual(["'self'", 'https://media.s3.ca-central-1.amazonaws.com', 'https://maps.geo.ca-central-1.amazonaws.com']);
    expect(d.get('default-src')).toEqual(["'self'"]);
  });

  it('has no empty directive when there are no external origins', () => {
    const local = contentSecurityPolicy({ storage: [], maps: [] });
    expect(directives(local).get('connect-src')).toEqual(["'self'"]);
    expect(local).not.toMatch(/ {2}|; ;/);
  });

  it('sends nosniff and never the page address to another origin', () => {
    const h = securityHeaders({ storage: [], maps: [] });
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['referrer-policy']).toBe('no-referrer');
    expect(h['x-frame-options']).toBe('DENY');
  });
});
