import { NestedStack, Stack, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpApi, HttpMethod, HttpRoute, HttpRouteKey, LogGroupLogDestination, type IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Code } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import type { OperationDef } from '../../shared/catalogue/operation.ts';
import { MAX_OPERATIONS_PER_STACK } from '../config.ts';
import { OperationFunction, type ResourceBindings } from '../constructs/operation-function.ts';
import { acknowledge } from '../nag.ts';

export type ApiOperation = Pick<OperationDef, 'id' | 'area' | 'method' | 'path' | 'summary' | 'resources'>;

export interface ApiStackProps extends StackProps {
  operations: readonly ApiOperation[];
  /** The deployment package of an operation (its pre-built bundle folder). */
  codeFor: (op: ApiOperation) => Code;
  /** Table, buckets, Amazon Location resources and state machines. */
  bindings: ResourceBindings;
  maxOperationsPerStack?: number;
}

/**
 * The HTTP API and one Lambda per catalogue operation.
 * Operations are grouped by area into nested stacks (each its own 500-resource
 * template, see ADR 0010); an area larger than maxOperationsPerStack is split in
 * chunks of catalogue order.
 */
export class ApiStack extends Stack {
  readonly httpApi: HttpApi;
  readonly operationStacks: OperationsStack[] = [];
  /** Operation id → its function construct, wherever it lives. */
  readonly functions = new Map<string, OperationFunction>();

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);

    const notFound = new OperationFunction(this, 'NotFound', {
      description: 'Answers 404 with the API error body for any path no operation serves',
      memorySize: 128,
      code: Code.fromInline(NOT_FOUND_HANDLER),
    });

    this.httpApi = new HttpApi(this, 'HttpApi', {
      description: 'Immo media API: one route and one Lambda per catalogue operation',
      createDefaultStage: false,
      defaultIntegration: new HttpLambdaIntegration('NotFoundIntegration', notFound.function),
    });
    const accessLogs = new LogGroup(this, 'AccessLogs', { retention: RetentionDays.THREE_MONTHS });
    this.httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            responseLength: '$context.responseLength',
            integrationLatency: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
          }),
        ),
      },
    });
    acknowledge(
      this,
      'AwsSolutions-APIG4',
      'Authorization is the catalogue\'s: each handler authenticates the opaque session token and checks the role (shared wrapper), public operations are public by design.',
    );

    const bindings: ResourceBindings = props.bindings;

    for (const group of groupOperations(props.operations, props.maxOperationsPerStack ?? MAX_OPERATIONS_PER_STACK)) {
      const nested = new OperationsStack(this, group.id, {
        description: `API operations of area ${group.area}`,
        httpApi: this.httpApi,
        operations: group.operations,
        codeFor: props.codeFor,
        bindings,
      });
      this.operationStacks.push(nested);
      for (const [opId, fn] of nested.functions) this.functions.set(opId, fn);
    }
  }
}

export interface OperationsStackProps {
  description: string;
  httpApi: IHttpApi;
  operations: readonly ApiOperation[];
  codeFor: (op: ApiOperation) => Code;
  bindings: ResourceBindings;
}

/** One area's operations: per operation a function (own role, log group) and its route. */
export class OperationsStack extends NestedStack {
  readonly functions = new Map<string, OperationFunction>();

  constructor(scope: Construct, id: string, props: OperationsStackProps) {
    super(scope, id, { description: props.description });
    for (const op of props.operations) {
      const constructId = pascalCase(op.id);
      const fn = new OperationFunction(this, constructId, {
        code: props.codeFor(op),
        description: `${op.method} ${op.path}: ${op.summary}`.slice(0, 256),
      });
      fn.bindAll(op.resources, props.bindings);
      new HttpRoute(this, `${constructId}Route`, {
        httpApi: props.httpApi,
        routeKey: HttpRouteKey.with(op.path, HttpMethod[op.method]),
        integration: new HttpLambdaIntegration(`${constructId}Integration`, fn.function),
      });
      this.functions.set(op.id, fn);
    }
  }
}

export interface OperationGroup {
  /** Construct id of the nested stack, e.g. Session or Shootings2. */
  id: string;
  area: string;
  operations: ApiOperation[];
}

/** Areas in catalogue order; an area over `max` operations becomes <Area>, <Area>2, ... */
export function groupOperations(operations: readonly ApiOperation[], max: number): OperationGroup[] {
  const byArea = new Map<string, ApiOperation[]>();
  for (const op of operations) {
    const list = byArea.get(op.area) ?? [];
    list.push(op);
    byArea.set(op.area, list);
  }
  const groups: OperationGroup[] = [];
  for (const [area, ops] of byArea) {
    for (let i = 0; i * max < ops.length; i++) {
      groups.push({ id: `${pascalCase(area)}${i === 0 ? '' : i + 1}`, area, operations: ops.slice(i * max, (i + 1) * max) });
    }
  }
  return groups;
}

function pascalCase(s: string): string {
  return s
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');
}

/** Inline CommonJS (index.js): tiny, no bundle needed; same error body shape as the handlers. */
const NOT_FOUND_HANDLER = `exports.handler = async () => ({
  statusCode: 404,
  headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  body: JSON.stringify({ error: { code: 'not_found', message: 'Not found' } }),
});`;
