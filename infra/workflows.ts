import { WORKFLOWS, type WorkflowDefinition, type WorkflowResource } from '../shared/workflows/index.ts';

/**
 * The workflows deployed to AWS: the very definitions aws-local-stepfunctions runs locally
 * (shared/workflows/). Each Task state's Lambda is bundled like an operation, under the id below.
 */
export type WorkflowDef = WorkflowDefinition;
export type { WorkflowResource };
export const workflows: readonly WorkflowDef[] = WORKFLOWS;

/** Bundle id of a workflow task's Lambda, e.g. dispatchWorkflow-LoadDay. */
export function taskBundleId(workflow: Pick<WorkflowDef, 'resource'>, state: string): string {
  return `${workflow.resource}-${state}`;
}

/** Every task of the workflows as bundle entries: id and handler module. */
export function taskEntries(defs: readonly WorkflowDef[]): Array<{ id: string; area: string; module: string; ffmpeg: boolean }> {
  return defs.flatMap((w) => Object.entries(w.tasks).map(([state, task]) => ({ id: taskBundleId(w, state), area: 'workflows', module: task.module, ffmpeg: task.ffmpeg ?? false })));
}
