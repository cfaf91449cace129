import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { Code } from 'aws-cdk-lib/aws-lambda';
import { describe, expect, it } from 'vitest';
import { operations } from '../../shared/catalogue/index.ts';
import { buildApp, cdkJsonContext } from '../../infra/build-app.ts';
import { workflows } from '../../infra/workflows.ts';
import { REFERRER_POLICY } from '../../shared/http/security-headers.ts';

describe('CloudFront security headers', () => {
  // Inline code: this test looks at the web stack only, so the Lambda bundles do not matter.
  const built = buildApp({
    app: new App({ context: cdkJsonContext() }),
    operations,
    workflows,
    codeFor: () => Code.fromInline('exports.handler = async () => ({})'),
    nag: false,
  });
  const web = Template.fromStack(built.web);
  const policies = web.findResources('AWS::CloudFront::ResponseHeadersPolicy');
  const [policyId, policy] = Object.entries(policies)[0]!;
  const config = (policy as { Properties: { ResponseHeadersPolicyConfig: Record<string, Record<string, unknown>> } }).Properties.ResponseHeadersPolicyConfig;
  const security = config.SecurityHeadersConfig as Record<string, Record<string, unknown>>;
  const csp = JSON.stringify(security.ContentSecurityPolicy!.ContentSecurityPolicy);

  it('is one policy, used by the app and the API behaviours', () => {
    expect(Object.keys(policies)).toHaveLength(1);
    const dist = Object.values(web.findResources('AWS::CloudFront::Distribution'))[0] as { Properties: { DistributionConfig: Record<string, unknown> } };
    const behaviours = [dist.Properties.DistributionConfig.DefaultCacheBehavior, ...(dist.Properties.DistributionConfig.CacheBehaviors as unknown[])];
    for (const b of behaviours) expect((b as { ResponseHeadersPolicyId: unknown }).ResponseHeadersPolicyId).toEqual({ Ref: policyId });
  });

  it('carries the shared CSP: no inline script, not framable, storage and map origins only', () => {
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain('connect-src');
    expect(csp).toContain('RegionalDomainName');
    expect(csp).toContain('maps.geo.');
    expect(security.ContentSecurityPolicy!.Override).toBe(true);
  });

  it('adds nosniff, DENY framing, the shared referrer policy and HSTS', () => {
    expect(security.ContentTypeOptions).toEqual({ Override: true });
    expect(security.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(security.ReferrerPolicy).toEqual({ ReferrerPolicy: REFERRER_POLICY, Override: true });
    expect(security.StrictTransportSecurity).toMatchObject({ IncludeSubdomains: true, Override: true });
  });
});
