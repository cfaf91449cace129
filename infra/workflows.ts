import type { Resource } from '../shared/catalogue/operation.ts';

/** A catalogue resource that is a Step Functions state machine. */
export type WorkflowResource = Extract<Resource, 'dispatchWorkflow' | 'videoWorkflow'>;

/**
 * One state machine deployed by WorkflowsStack. The definition is plain Amazon States
 * Language, the very object the local runner (aws-local-stepfunctions) executes, so
 * local and cloud run the same definition. `${Name}` placeholders in it are replaced
 * through DefinitionSubstitutions: TableName, MediaBucket, InjectorBucket.
 */
export interface WorkflowDef {
  /** Which catalogue resource this state machine is; operations naming it may start it. */
  resource: WorkflowResource;
  /** Amazon States Language. */
  definition: Record<string, unknown>;
  /** What the state machine's own role may touch (direct SDK integrations). */
  resources?: readonly Extract<Resource, 'table' | 'mediaBucket' | 'injectorBucket'>[];
  /** @default 'STANDARD' */
  type?: 'STANDARD' | 'EXPRESS';
}

/**
 * The workflows deployed to AWS. Empty for now: the dispatch workflow arrives with
 * issue 3 and the video-job workflow after it; each adds its definition here (or
 * imports it from shared/workflows/ so the local runner reads the same file).
 */
export const workflows: readonly WorkflowDef[] = [];
