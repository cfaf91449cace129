import { CfnOutput, Duration, Fn, Stack, type StackProps } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  type HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { Bucket, type IBucket, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { CfnAPIKey } from 'aws-cdk-lib/aws-location';
import { BucketDeployment, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId } from 'aws-cdk-lib/custom-resources';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { ORIGIN_VERIFY_HEADER } from '../config.ts';
import { APP_CONFIG_PATH, amazonLocationStyleUrl, type AppConfig } from '../../shared/http/app-config.ts';
import { HSTS_MAX_AGE_SECONDS, REFERRER_POLICY, contentSecurityPolicy } from '../../shared/http/security-headers.ts';
import { acknowledge } from '../nag.ts';
import { privateBucketDefaults } from './data-stack.ts';

export interface WebStackProps extends StackProps {
  httpApi: IHttpApi;
  /** The secret CloudFront sends to the API in ORIGIN_VERIFY_HEADER (ADR 0100). */
  originSecret: ISecret;
  /** Buckets the browser reads from and uploads to through presigned URLs (media, injector). */
  storageBuckets: readonly IBucket[];
  /** Built web app folder to upload, or undefined when it has not been built. */
  webDistDir?: string;
}

/**
 * The one public origin: CloudFront serves the built React app from a private bucket
 * (origin access control) and forwards /api/* to the HTTP API, uncached.
 */
export class WebStack extends Stack {
  readonly bucket: Bucket;
  readonly distribution: Distribution;
  readonly spaRewrite: CloudFrontFunction;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);

    const logs = new Bucket(this, 'Logs', {
      ...privateBucketDefaults,
      // CloudFront standard logs are delivered with an ACL, so ACLs stay enabled here only.
      objectOwnership: ObjectOwnership.OBJECT_WRITER,
      lifecycleRules: [{ id: 'expire-logs', expiration: Duration.days(365) }],
    });
    acknowledge(logs, 'AwsSolutions-S1', 'This is the logs bucket of the web stack (CloudFront and web bucket access logs); it cannot log into itself.');

    this.bucket = new Bucket(this, 'Site', {
      ...privateBucketDefaults,
      serverAccessLogsBucket: logs,
      serverAccessLogsPrefix: 'site-bucket/',
    });

    // SPA fallback on the default behaviour only: a path whose last segment has no file extension
    // (a dot then a letter: '/tech_review/5016.5' has none) is a client route and gets /index.html. Distribution-wide error responses would also
    // rewrite the API's JSON 404s, so none are configured.
    this.spaRewrite = new CloudFrontFunction(this, 'SpaRewrite', {
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Rewrite extension-less paths (client routes) to /index.html',
      code: FunctionCode.fromInline(SPA_REWRITE),
    });

    const securityHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'CSP and browser security headers (shared/http/security-headers.ts)',
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy({
            storage: props.storageBuckets.map((b) => `https://${b.bucketRegionalDomainName}`),
            maps: [`https://maps.geo.${this.region}.amazonaws.com`],
          }),
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: REFERRER_POLICY as HeadersReferrerPolicy, override: true },
        strictTransportSecurity: { accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS), includeSubdomains: true, override: true },
      },
    });

    const apiDomain = Fn.select(2, Fn.split('/', props.httpApi.apiEndpoint));
    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Immo media web app and API',
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        compress: true,
        functionAssociations: [{ function: this.spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new HttpOrigin(apiDomain, {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [OriginSslPolicy.TLS_V1_2],
            // Replaces any value a viewer sends; the API's authorizer refuses requests without it.
            customHeaders: { [ORIGIN_VERIFY_HEADER]: props.originSecret.secretValue.unsafeUnwrap() },
          }),
          // No redirect here: a redirected POST would arrive as a GET.
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
        },
      },
    });
    acknowledge(
      this.distribution,
      'AwsSolutions-CFR1',
      'No geo restriction: customers are in Quebec, but brokers and staff use the app while travelling; access is controlled by login.',
    );
    acknowledge(
      this.distribution,
      'AwsSolutions-CFR2',
      'No AWS WAF web ACL yet: login attempts are throttled per account by the application (429); a WAF rate rule is a later cost decision.',
    );
    acknowledge(
      this.distribution,
      'AwsSolutions-CFR4',
      'Uses the default *.cloudfront.net certificate, for which CloudFront fixes the viewer security policy; a custom domain with TLSv1.2_2021 comes with its certificate.',
    );

    const siteUrl = `https://${this.distribution.distributionDomainName}`;
    new CfnOutput(this, 'SiteUrl', { value: siteUrl, description: 'The web app (set it as siteOrigin for bucket CORS, ADR 0103)' });
    new CfnOutput(this, 'ApiUrl', { value: `${siteUrl}/api`, description: 'The API, through CloudFront (the only way in, ADR 0100)' });

    const config: AppConfig = { mapStyleUrl: amazonLocationStyleUrl(this.region, this.mapApiKey(siteUrl)) };
    if (props.webDistDir) {
      new BucketDeployment(this, 'DeploySite', {
        sources: [Source.asset(props.webDistDir), Source.jsonData(APP_CONFIG_PATH.slice(1), config)],
        destinationBucket: this.bucket,
        distribution: this.distribution,
        distributionPaths: ['/*'],
        // Keep the previous hashed assets: open tabs still load their lazy chunks.
        prune: false,
        memoryLimit: 512,
      });
      acknowledgeBucketDeployment(this);
    }
  }

  /**
   * The maps' browser API key (ADR 0168): Amazon Location map tiles only, from the site's pages
   * only (referer), never expiring. CloudFormation does not return a key's value: a deploy-time
   * DescribeKey reads it for /app-config.json.
   */
  private mapApiKey(siteUrl: string): string {
    const key = new CfnAPIKey(this, 'MapKey', {
      keyName: `${this.stackName}-maps`,
      description: 'Basemap tiles of the web app (browser key, referer-restricted)',
      noExpiry: true,
      restrictions: {
        allowActions: ['geo-maps:GetTile'],
        allowResources: [`arn:${this.partition}:geo-maps:${this.region}::provider/default`],
        allowReferers: [`${siteUrl}/*`],
      },
    });
    const described = new AwsCustomResource(this, 'MapKeyValue', {
      onUpdate: {
        service: 'location',
        action: 'DescribeKey',
        parameters: { KeyName: key.keyName },
        physicalResourceId: PhysicalResourceId.of(key.keyName),
        outputPaths: ['Key'],
      },
      policy: AwsCustomResourcePolicy.fromSdkCalls({ resources: [key.attrArn] }),
      installLatestAwsSdk: false,
    });
    acknowledgeCustomResource(this);
    return described.getResponseField('Key');
  }
}

/**
 * Acknowledges the nag findings on a CDK-provided singleton Lambda (found by its construct id's
 * prefix): its runtime is chosen by the aws-cdk-lib release and its role gets the basic execution
 * managed policy; `extra` adds findings particular to that singleton.
 */
function acknowledgeCdkSingleton(stack: Stack, idPrefix: string, reason: string, extra: Array<[rule: string, why: string]> = []): void {
  const singleton = stack.node.children.find((c) => c.node.id.startsWith(idPrefix));
  if (!singleton) throw new Error(`CDK singleton ${idPrefix} not found: update acknowledgeCdkSingleton's caller`);
  acknowledge(singleton, 'AwsSolutions-L1', `${reason}: its Lambda runtime is chosen by the aws-cdk-lib release.`);
  acknowledge(
    singleton,
    'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    `${reason}: the CDK gives its role the basic execution managed policy.`,
  );
  for (const [rule, why] of extra) acknowledge(singleton, rule, `${reason}: ${why}`);
}

/** The CDK-provided singleton Lambda behind AwsCustomResource (the map key's DescribeKey at deploy time). */
function acknowledgeCustomResource(stack: Stack): void {
  acknowledgeCdkSingleton(stack, 'AWS679f53fac002430cb0da5b7982bd2287', 'CDK AwsCustomResource, CDK-maintained and run only at deploy time to read the map API key');
}

/** The CDK-provided custom resource (one singleton Lambda) that copies the site into the bucket. */
function acknowledgeBucketDeployment(stack: Stack): void {
  acknowledgeCdkSingleton(stack, 'Custom::CDKBucketDeployment', 'CDK BucketDeployment custom resource, CDK-maintained and run only at deploy time to copy web/dist and invalidate CloudFront', [
    ['AwsSolutions-IAM5[Resource::*]', 'the CDK grants cloudfront:CreateInvalidation, which does not support resource-level permissions.'],
  ]);
}

const SPA_REWRITE = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (!/\\.[A-Za-z][A-Za-z0-9]*$/.test(uri)) {
    request.uri = '/index.html';
  }
  return request;
}`;
