import { Annotations, Stack, type Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, AssetCode, AssetImageCode, Handler, Function as LambdaFunction, Runtime, type Code } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { ENV } from '../../shared/data/design.ts';
import type { Resource } from '../../shared/catalogue/operation.ts';
import { FUNCTION_DEFAULTS } from '../config.ts';
import { acknowledge } from '../nag.ts';
import { awsSdkLayerOf } from './aws-sdk-layer.ts';

/** Amazon Location resources, by name (for the handler) and ARN (for the grant). */
export interface LocationResources {
  placeIndexName: string;
  placeIndexArn: string;
  routeCalculatorName: string;
  routeCalculatorArn: string;
}

/** The cloud resources an operation may be bound to, keyed like the catalogue's `resources`. */
export interface ResourceBindings {
  table?: ITable;
  mediaBucket?: IBucket;
  injectorBucket?: IBucket;
  dispatchWorkflow?: IStateMachine;
  videoWorkflow?: IStateMachine;
  location?: LocationResources;
  /** The social network's token as a CloudFormation dynamic reference to its secret; none: the social operations answer 503. */
  socialPagesToken?: string;
  /** The site's public origin (deploy setting siteOrigin): where the links of e-mails point. */
  siteOrigin?: string;
  /** The delivery page's save-to-file-sharing URL template (deploy setting fileSharingSaveUrl); none: no button. */
  fileSharingSaveUrl?: string;
  /** The sender of e-mails (deploy setting mailFrom), a verified SES identity. */
  mailFrom?: string;
}

export interface OperationFunctionProps {
  /** Bundle folder holding index.mjs (+ .map); see scripts/bundle-functions.ts. */
  code: Code;
  description?: string;
  memorySize?: number;
  timeout?: Duration;
  logRetention?: RetentionDays;
  environment?: Record<string, string>;
}

export interface BindOptions {
  /** The data resources the function may change; the others are granted read-only. Default: all. */
  writes?: readonly Resource[];
}

/**
 * A Lambda with the project's defaults: nodejs22.x on arm64, ESM bundle `index.handler` (the AWS SDK from its layer, ADR 0765)
 * with source maps on, its own log group with retention, and a role that starts with
 * only the right to write to that log group. `bind()` grants one catalogue resource
 * and sets its environment variable in the same call.
 */
export class OperationFunction extends Construct {
  readonly function: LambdaFunction;
  readonly role: Role;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: OperationFunctionProps) {
    super(scope, id);
    this.logGroup = new LogGroup(this, 'Logs', { retention: props.logRetention ?? FUNCTION_DEFAULTS.logRetention });
    // Own role instead of AWSLambdaBasicExecutionRole: that managed policy may write to any log group.
    this.role = new Role(this, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    // A container image (a bundle with native code, ADR 0242) names its runtime and handler itself.
    const image = props.code instanceof AssetImageCode;
    // A bundle loads the SDK from the layer (an image has it copied in); inline code never uses the SDK.
    const sdkLayer = props.code instanceof AssetCode ? awsSdkLayerOf(this) : undefined;
    this.function = new LambdaFunction(this, 'Function', {
      runtime: image ? Runtime.FROM_IMAGE : Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      handler: image ? Handler.FROM_IMAGE : 'index.handler',
      code: props.code,
      layers: sdkLayer ? [sdkLayer] : undefined,
      description: props.description,
      memorySize: props.memorySize ?? FUNCTION_DEFAULTS.memorySize,
      timeout: props.timeout ?? FUNCTION_DEFAULTS.timeout,
      role: this.role,
      logGroup: this.logGroup,
      environment: props.environment,
    });
    this.logGroup.grantWrite(this.role);
    acknowledge(
      this.function,
      'AwsSolutions-L1',
      'nodejs22.x is the runtime the project targets (bundles built for node20+ and tested on Node 20/22); moving to nodejs24.x is a deliberate, tested upgrade.',
    );
  }

  /**
   * Grants exactly these catalogue resources (and sets their environment variables): read/write
   * for the data resources in `writes` (default: all), read-only for the others (ADR 0102).
   */
  bindAll(resources: readonly Resource[], bindings: ResourceBindings, options: BindOptions = {}): void {
    for (const resource of new Set(resources)) {
      this.bind(resource, bindings, { ...options, write: options.writes ? options.writes.includes(resource) : true });
    }
  }

  bind(resource: Resource, bindings: ResourceBindings, options: BindOptions & { write?: boolean } = {}): void {
    const fn = this.function;
    const write = options.write ?? true;
    switch (resource) {
      case 'table': {
        const table = required(bindings.table, resource, this);
        // The request log is stored by its ingest, not by the operation (ADR 0485): a read-only operation writes nothing.
        if (write) table.grantReadWriteData(fn);
        else table.grantReadData(fn);
        fn.addEnvironment(ENV.tableName, table.tableName);
        return;
      }
      case 'mediaBucket': {
        const bucket = required(bindings.mediaBucket, resource, this);
        if (write) bucket.grantReadWrite(fn);
        else bucket.grantRead(fn);
        fn.addEnvironment(ENV.mediaBucket, bucket.bucketName);
        return;
      }
      case 'injectorBucket': {
        const bucket = required(bindings.injectorBucket, resource, this);
        if (write) bucket.grantReadWrite(fn);
        else bucket.grantRead(fn);
        fn.addEnvironment(ENV.injectorBucket, bucket.bucketName);
        return;
      }
      case 'dispatchWorkflow': {
        const machine = required(bindings.dispatchWorkflow, resource, this);
        machine.grantStartExecution(fn);
        // EXPRESS: the operation waits for the result with StartSyncExecution.
        machine.grant(fn, 'states:StartSyncExecution');
        fn.addEnvironment(ENV.dispatchStateMachineArn, machine.stateMachineArn);
        return;
      }
      case 'videoWorkflow': {
        const machine = required(bindings.videoWorkflow, resource, this);
        machine.grantStartExecution(fn);
        fn.addEnvironment(ENV.videoStateMachineArn, machine.stateMachineArn);
        return;
      }
      case 'location': {
        const location = required(bindings.location, resource, this);
        fn.addToRolePolicy(
          new PolicyStatement({
            actions: ['geo:SearchPlaceIndexForText', 'geo:SearchPlaceIndexForSuggestions', 'geo:SearchPlaceIndexForPosition', 'geo:GetPlace'],
            resources: [location.placeIndexArn],
          }),
        );
        fn.addToRolePolicy(
          new PolicyStatement({ actions: ['geo:CalculateRoute', 'geo:CalculateRouteMatrix'], resources: [location.routeCalculatorArn] }),
        );
        fn.addEnvironment(ENV.placeIndex, location.placeIndexName);
        fn.addEnvironment(ENV.routeCalculator, location.routeCalculatorName);
        return;
      }
      case 'socialPages': {
        // The token reaches the function's environment at deploy time; the template holds only the reference (ADR 0244).
        if (bindings.socialPagesToken) fn.addEnvironment(ENV.socialPagesToken, bindings.socialPagesToken);
        else Annotations.of(fn).addWarning('No socialPagesSecret setting: the social page operations answer 503 (ADR 0244).');
        return;
      }
      case 'mail': {
        // The media e-mail (docs/decisions/0213): SES identities of this account and region; the sender is a verified identity.
        fn.addToRolePolicy(
          new PolicyStatement({ actions: ['ses:SendEmail'], resources: [Stack.of(this).formatArn({ service: 'ses', resource: 'identity', resourceName: '*' })] }),
        );
        // Links in a mail point at the configured site, never at what a request's headers claim.
        if (bindings.siteOrigin) fn.addEnvironment(ENV.siteOrigin, bindings.siteOrigin);
        else Annotations.of(fn).addWarning('No siteOrigin setting: e-mailed links use the origin of the browser that asked for them.');
        if (bindings.mailFrom) fn.addEnvironment(ENV.mailFrom, bindings.mailFrom);
        else Annotations.of(fn).addWarning('No mailFrom setting: e-mails go from media@immo.test, which SES refuses; set it to a verified SES identity.');
        return;
      }
      case 'fileSharing': {
        // A setting, no IAM grant: the page's button opens the service's own "save from URL" page (ADR 0063).
        if (bindings.fileSharingSaveUrl) fn.addEnvironment(ENV.fileSharingSaveUrl, bindings.fileSharingSaveUrl);
        return;
      }
      default: {
        const unknown: never = resource;
        throw new Error(`Unknown catalogue resource '${String(unknown)}' on ${this.node.path}`);
      }
    }
  }
}

function required<T>(value: T | undefined, resource: Resource, scope: Construct): T {
  if (value === undefined) {
    throw new Error(
      `${scope.node.path} needs '${resource}', but ${Stack.of(scope).stackName} was given no such resource` +
        (resource.endsWith('Workflow') ? ' (add its definition to infra/workflows.ts)' : ''),
    );
  }
  return value;
}
