import { describe, expect, it } from 'vitest';
import { amazonLocationStyleUrl, parseAppConfig } from './app-config.ts';

describe('app config', () => {
  it("names Amazon Location's v2 Standard style with the browser key", () => {
    expect(amazonLocationStyleUrl('ca-central-1', 'v1.public.abc')).toBe('https://maps.geo.ca-central-1.amazonaws.com/v2/styles/Standard/descriptor?key=v1.public.abc&color-scheme=Light');
  });

  it('uses only an https style URL; anything else means the offline basemap', () => {
    expect(parseAppConfig({ mapStyleUrl: 'https://maps.geo.ca-central-1.amazonaws.com/v2/styles/Standard/descriptor?key=k' }).mapStyleUrl).toMatch(/^https:/);
    for (const body of [null, 'x', {}, { mapStyleUrl: null }, { mapStyleUrl: 'javascript:alert(1)' }, { mapStyleUrl: 'http://example.com/style.json' }, { mapStyleUrl: 42 }]) {
      expect(parseAppConfig(body), JSON.stringify(body)).toEqual({ mapStyleUrl: null });
    }
  });
});
