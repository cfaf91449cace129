import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenFor } from '../support/api.ts';
import type { ErrorBody } from '#shared/catalogue/index.ts';
import { getShootingItem } from '#functions/storage/shootings.ts';
import { useLocalWorkflowRunner } from '#functions/plumbing/workflows.ts';
import { dispatchHandler } from '#functions/planner/dispatch-shooting.ts';
import { DISPATCH_BUDGET, HTTP_API_LIMIT_S, dispatchWorkflow } from '#shared/workflows/index.ts';
import { Role } from '#shared/roles.ts';
import { localWorkflowRunner } from '../../scripts/local/workflows.ts';
import { startRequestLogBatcher, type RequestLogBatcher } from '../../scripts/local/request-log-batcher.ts';
import { book, planningBrokerToken } from './booking-support.ts';
import { ownDay } from '../support/days.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const bookId = async (address: string, date: string, am: boolean) => (await book(await planningBrokerToken(1), address, date, am)).id;

/** dispatchShooting called in this process, as API Gateway would call its Lambda. */
async function invoke(handler: ReturnType<typeof dispatchHandler>, token: string, body: unknown): Promise<{ status: number; body: Partial<ErrorBody> }> {
  const event = {
    version: '2.0',
    routeKey: 'POST /api/planner/dispatch',
    rawPath: '/api/planner/dispatch',
    rawQueryString: '',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    isBase64Encoded: false,
    requestContext: { http: { method: 'POST', path: '/api/planner/dispatch', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' }, requestId: 'dispatch-timeout', stage: '$default' },
  } as unknown as APIGatewayProxyEventV2;
  const result = (await handler(event, { awsRequestId: `dispatch-timeout-${Date.now()}` } as Context)) as APIGatewayProxyStructuredResultV2;
  return { status: result.statusCode ?? 0, body: JSON.parse(result.body ?? '{}') };
}

// The handler runs in this process, as in the local stack: its request-log records are stored as there.
let requestLogs: RequestLogBatcher;
beforeAll(() => {
  requestLogs = startRequestLogBatcher();
});
afterAll(async () => {
  useLocalWorkflowRunner(undefined);
  await requestLogs.stop();
});

describe('dispatchShooting runs out of time (ADR 0101)', () => {
  it('the budget nests: solver < Solve step < workflow < operation < HTTP API, and apply fits before the workflow limit', () => {
    const b = DISPATCH_BUDGET;
    expect(b.solverMaxMs / 1000).toBeLessThan(b.solveTimeoutS);
    expect(b.solveTimeoutS).toBeLessThan(b.workflowTimeoutS);
    expect(b.workflowTimeoutS).toBeLessThan(b.operationTimeoutS);
    expect(b.operationTimeoutS).toBeLessThan(HTTP_API_LIMIT_S);
    expect(b.loadDayTimeoutS + b.applyTimeoutS + b.marginS).toBeLessThan(b.workflowTimeoutS);
    expect(dispatchWorkflow.definition.TimeoutSeconds).toBe(b.workflowTimeoutS);
    expect(dispatchWorkflow.tasks.Apply?.timeoutSeconds).toBe(b.applyTimeoutS);
  });

  it('answers 500 (a solver error, part 1 §8) "no shooting was assigned", and the workflow that finishes later writes nothing', async () => {
    const date = ownDay();
    const ids = [await bookId('4500 Rue Saint-Denis', date, true), await bookId('1200 Avenue Cartier', date, false)];
    // The real definition and task handlers; only Solve starts 2.5 s late, past a 3 s budget's apply deadline.
    const slow = { ...dispatchWorkflow, tasks: { ...dispatchWorkflow.tasks, Solve: { ...dispatchWorkflow.tasks.Solve!, module: 'test/integration/fixtures/slow-solve.ts' } } };
    process.env.SLOW_SOLVE_DELAY_MS = '2500';
    const runner = await localWorkflowRunner(ROOT, [slow]);
    const runs: Promise<unknown>[] = [];
    useLocalWorkflowRunner((workflow, input) => {
      const run = runner(workflow, input);
      runs.push(run);
      return run;
    });
    const { token } = await tokenFor(Role.admin);
    const started = Date.now();
    const res = await invoke(dispatchHandler({ ...DISPATCH_BUDGET, workflowTimeoutS: 3, applyTimeoutS: 1, marginS: 0.5 }), token, { date, shooting_ids: ids });
    const waited = Date.now() - started;

    expect(res.status).toBe(500);
    expect(res.body.error?.code).toBe('server_error');
    expect(res.body.error?.message).toMatch(/did not finish within 3 s; no shooting was assigned/);
    expect(waited).toBeGreaterThanOrEqual(2900);

    // The workflow goes on in the background; its apply step is reached too late and refuses.
    expect(runs).toHaveLength(1);
    const [outcome] = await Promise.allSettled(runs);
    expect(outcome?.status).toBe('rejected');
    expect(String((outcome as PromiseRejectedResult).reason)).toMatch(/DispatchOutOfTime|nothing was written/);
    for (const id of ids) expect((await getShootingItem(id))?.tech_id ?? null, `shooting ${id}`).toBeNull();
  });

  it('within its budget the same call dispatches', async () => {
    const date = ownDay();
    const ids = [await bookId('6000 Boulevard Saint-Laurent', date, true)];
    useLocalWorkflowRunner(await localWorkflowRunner(ROOT, [dispatchWorkflow]));
    const { token } = await tokenFor(Role.admin);
    const res = await invoke(dispatchHandler(DISPATCH_BUDGET), token, { date, shooting_ids: ids });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await getShootingItem(ids[0]!))?.tech_id).not.toBeNull();
  });
});
