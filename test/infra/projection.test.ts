import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { Code } from 'aws-cdk-lib/aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HttpMethod, Resource } from '../../shared/catalogue/operation.ts';
import { buildApp, cdkJsonContext, type ImmoApp } from '../../infra/build-app.ts';
import { CFN_RESOURCE_LIMIT, MAX_OPERATIONS_PER_STACK } from '../../infra/config.ts';
import type { ApiOperation } from '../../infra/stacks/api-stack.ts';
import type { WorkflowDef } from '../../infra/workflows.ts';
import { allTemplates, nagViolations, resourcesOfType, tempDir, type CfnTemplate } from './helpers.ts';

const OPERATION_COUNT = 200;

/**
 * A catalogue grown to 200 operations: 10 areas of uneven size (one of 90, larger than
 * a nested stack may hold), every resource kind used, so each role gets its heaviest
 * policy. Synthesized with cdk-nag on, like the real app.
 */
function generatedCatalogue(): ApiOperation[] {
  const areaSizes = [90, 30, 20, 15, 12, 10, 8, 7, 5, 3];
  expect(areaSizes.reduce((a, b) => a + b)).toBe(OPERATION_COUNT);
  const kinds: Resource[][] = [
    ['table'],
    ['table', 'mediaBucket'],
    ['table', 'injectorBucket'],
    ['table', 'dispatchWorkflow'],
    ['table', 'videoWorkflow', 'mediaBucket'],
    ['table', 'location'],
    ['table', 'mediaBucket', 'injectorBucket', 'dispatchWorkflow', 'videoWorkflow', 'location'],
  ];
  const methods: HttpMethod[] = ['GET', 'POST', 'PUT', 'DELETE'];
  const ops: ApiOperation[] = [];
  areaSizes.forEach((size, a) => {
    for (let i = 0; i < size; i++) {
      const n = ops.length;
      ops.push({
        id: `area${a}Operation${i}`,
        area: `area${a}`,
        method: methods[n % methods.length]!,
        path: `/api/area${a}/things${i}/{id}`,
        summary: `generated operation ${n}`,
        resources: kinds[n % kinds.length]!,
      });
    }
  });
  return ops;
}

const fakeWorkflows: WorkflowDef[] = (['dispatchWorkflow', 'videoWorkflow'] as const).map((resource) => ({
  resource,
  type: 'EXPRESS',
  definition: { StartAt: 'Step', States: { Step: { Type: 'Task', Resource: 'arn:aws:states:::lambda:invoke', Parameters: { FunctionName: '${StepFunctionArn}', 'Payload.$': '$' }, End: true } } },
  tasks: { Step: { module: 'functions/workflows/step.ts', resources: ['table', 'location'] } },
}));

let built: ImmoApp;
let templates: Map<string, CfnTemplate>;
const operations = generatedCatalogue();

beforeAll(() => {
  const bundleDir = tempDir('immo-projection-bundle-');
  mkdirSync(bundleDir, { recursive: true });
  writeFileSync(path.join(bundleDir, 'index.mjs'), 'export const handler = async () => ({ statusCode: 204 });\n');
  built = buildApp({
    app: new App({ context: { ...cdkJsonContext(), stackPrefix: 'Projection' }, outdir: tempDir('immo-projection-cdkout-') }),
    operations,
    workflows: fakeWorkflows,
    // One Code per function (an asset binds to one stack); identical content is staged once.
    codeFor: () => Code.fromAsset(bundleDir),
  });
  templates = allTemplates(built);
});

describe(`projection: the API with ${OPERATION_COUNT} operations`, () => {
  it(`keeps every template under ${CFN_RESOURCE_LIMIT} resources`, () => {
    const counts = Object.fromEntries([...templates].map(([p, t]) => [p, Object.keys(t.Resources).length]));
    console.log(`Projected resources per template at ${OPERATION_COUNT} operations:`, counts);
    for (const [stackPath, count] of Object.entries(counts)) expect(count, stackPath).toBeLessThan(CFN_RESOURCE_LIMIT);
  });

  it('splits areas into nested stacks of at most MAX_OPERATIONS_PER_STACK operations', () => {
    const sizes = built.api.operationStacks.map((s) => [s.node.id, s.functions.size] as const);
    expect(sizes.find(([id]) => id === 'Area0')?.[1]).toBe(MAX_OPERATIONS_PER_STACK);
    expect(sizes.find(([id]) => id === 'Area02')?.[1]).toBe(90 - MAX_OPERATIONS_PER_STACK);
    for (const [, size] of sizes) expect(size).toBeLessThanOrEqual(MAX_OPERATIONS_PER_STACK);
  });

  it('still deploys one Lambda and one route per operation', () => {
    const nested = built.api.operationStacks.map((s) => templates.get(s.node.path)!);
    expect(nested.flatMap((t) => resourcesOfType(t, 'AWS::Lambda::Function'))).toHaveLength(OPERATION_COUNT);
    expect(nested.flatMap((t) => resourcesOfType(t, 'AWS::ApiGatewayV2::Route'))).toHaveLength(OPERATION_COUNT);
  });

  it('passes cdk-nag with every resource kind granted', () => {
    expect(nagViolations(built.app)).toEqual([]);
  });
});

describe('catalogue resources without a cloud counterpart', () => {
  it('fail the synthesis with a message naming the operation and the fix', () => {
    const op: ApiOperation = {
      id: 'startDispatch',
      area: 'dispatch',
      method: 'POST',
      path: '/api/dispatch/start',
      summary: 'needs the dispatch workflow',
      resources: ['table', 'dispatchWorkflow'],
    };
    expect(() =>
      buildApp({
        app: new App({ context: cdkJsonContext(), outdir: tempDir('immo-missing-wf-') }),
        operations: [op],
        workflows: [],
        codeFor: () => Code.fromInline('exports.handler = async () => ({})'),
        nag: false,
      }),
    ).toThrow(/StartDispatch.*dispatchWorkflow.*infra\/workflows\.ts/);
  });
});
