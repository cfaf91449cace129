import { describe, expect, it } from 'vitest';
import { siteOrigin } from './site-origin.ts';

describe('siteOrigin (links sent by e-mail)', () => {
  it('is the configured site whatever the request claims', () => {
    expect(siteOrigin({ origin: 'https://evil.example', host: 'api.example' }, { SITE_ORIGIN: 'https://media.immo.ca' })).toBe('https://media.immo.ca');
  });

  it("without one, is the asking browser's http(s) origin, else the host reached", () => {
    expect(siteOrigin({ origin: 'http://localhost:5173', host: 'localhost:3000' }, {})).toBe('http://localhost:5173');
    expect(siteOrigin({ origin: 'javascript:alert(1)', host: 'd1.cloudfront.net' }, {})).toBe('https://d1.cloudfront.net');
    expect(siteOrigin({ origin: 'null', host: 'd1.cloudfront.net', 'x-forwarded-proto': 'http' }, {})).toBe('http://d1.cloudfront.net');
    expect(siteOrigin({}, {})).toBe('https://localhost');
  });
});
