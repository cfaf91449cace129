import { afterEach, describe, expect, it } from 'vitest';
import { ENV } from '#shared/data/design.ts';
import { clientAddress, limitSubject } from './login-throttle.ts';

const event = (sourceIp: string, headers: Record<string, string> = {}) => ({ headers, requestContext: { http: { sourceIp } } }) as unknown as Parameters<typeof clientAddress>[0];

describe('clientAddress', () => {
  const local = process.env[ENV.localMode];
  afterEach(() => {
    if (local === undefined) delete process.env[ENV.localMode];
    else process.env[ENV.localMode] = local;
  });

  it("in AWS takes the viewer's address CloudFront adds, without its port (IPv4 and IPv6)", () => {
    delete process.env[ENV.localMode];
    expect(clientAddress(event('130.176.1.1', { 'cloudfront-viewer-address': '203.0.113.7:51234' }))).toBe('203.0.113.7');
    expect(clientAddress(event('130.176.1.1', { 'cloudfront-viewer-address': '2001:db8::1:46532' }))).toBe('2001:db8:0:0::/64');
    expect(clientAddress(event('198.51.100.4'))).toBe('198.51.100.4');
  });

  it('locally never trusts the header: the socket address counts', () => {
    process.env[ENV.localMode] = '1';
    expect(clientAddress(event('127.0.0.9', { 'cloudfront-viewer-address': '203.0.113.7:51234' }))).toBe('127.0.0.9');
  });
});

describe('limitSubject', () => {
  it('counts IPv4 by address and IPv6 by its /64 network', () => {
    expect(limitSubject('203.0.113.7')).toBe('203.0.113.7');
    expect(limitSubject('::ffff:127.0.0.5')).toBe('127.0.0.5');
    expect(limitSubject('2001:db8:aa:bb:1:2:3:4')).toBe('2001:db8:aa:bb::/64');
    expect(limitSubject('2001:DB8:0:0::9')).toBe('2001:db8:0:0::/64');
    expect(limitSubject('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(limitSubject('::1')).toBe('0:0:0:0::/64');
    expect(limitSubject('not an address')).toBe('not an address');
  });
});
