import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { WorkflowDefinition, WorkflowResource } from '#shared/workflows/types.ts';
import type { WorkflowRunner } from '#functions/plumbing/workflows.ts';

type TaskHandler = (input: unknown) => Promise<unknown>;
type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * The local Step Functions: aws-local-stepfunctions executes the very definition the CDK deploys;
 * each Lambda Task state runs its handler module in this process and its answer becomes the
 * invoke result's Payload, exactly as `arn:aws:states:::lambda:invoke` returns it.
 */
export async function localWorkflowRunner(root: string, workflows: readonly WorkflowDefinition[]): Promise<WorkflowRunner> {
  // aws-local-stepfunctions uses Promise.withResolvers (Node 22+); Node 20 needs it polyfilled.
  const P = Promise as unknown as { withResolvers?: () => unknown };
  P.withResolvers ??= function withResolvers<T>() {
    let resolve!: (value: T) => void;
    let reject!: (reason?: unknown) => void;
    const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
    return { promise, resolve, reject };
  };
  const { StateMachine } = await import('aws-local-stepfunctions');
  const byResource = new Map(workflows.map((w) => [w.resource, w]));
  return async (resource: WorkflowResource, input: unknown) => {
    const workflow = byResource.get(resource);
    if (!workflow) throw new Error(`no workflow is defined for ${resource}`);
    const handlers: Record<string, (input: JsonValue) => Promise<JsonValue>> = {};
    for (const [state, task] of Object.entries(workflow.tasks)) {
      const module = (await import(pathToFileURL(join(root, task.module)).href)) as { handler: TaskHandler };
      // lambda:invoke sends the Parameters' Payload to the function and answers { Payload: result }.
      handlers[state] = async (parameters) => ({ Payload: (await module.handler((parameters as { Payload?: JsonValue }).Payload)) as JsonValue });
    }
    const machine = new StateMachine(workflow.definition as never, { validationOptions: { checkArn: false } });
    const execution = machine.run(input as JsonValue, { overrides: { taskResourceLocalHandlers: handlers } });
    return execution.result;
  };
}
