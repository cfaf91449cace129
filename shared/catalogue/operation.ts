import type * as z from '../zod.ts';
import type { RoleId } from '../roles.ts';

export type Access = 'public' | 'authenticated' | readonly RoleId[];
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Cloud resources an operation's Lambda may touch; the CDK grants exactly these. */
/** `mail`: sending e-mail through Amazon SES (functions/plumbing/mail, docs/decisions/0213). */
export type Resource = 'table' | 'mediaBucket' | 'injectorBucket' | 'dispatchWorkflow' | 'videoWorkflow' | 'location' | 'mail' | 'socialPages' | 'fileSharing';
/** The resources that hold data, which an operation may only read or also write. */
export type DataResource = Extract<Resource, 'table' | 'mediaBucket' | 'injectorBucket'>;
export const DATA_RESOURCES: readonly DataResource[] = ['table', 'mediaBucket', 'injectorBucket'];

export interface OperationDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType, A extends Access = Access> {
  /** The spec's operation name where it gives one (e.g. assignProdShooting). */
  id: string;
  /** Folder under functions/ and web area; mirrors the spec's areas. */
  area: string;
  method: HttpMethod;
  /** REST-style path under /api, parameters as {name}. */
  path: `/api/${string}`;
  access: A;
  summary: string;
  /**
   * One object schema for everything the caller sends: path parameters, query string
   * (GET/DELETE) or JSON body (POST/PUT) are merged before parsing.
   */
  input: I;
  output: O;
  /**
   * The answer's media type when it is not JSON (e.g. 'text/calendar; charset=utf-8'): the output
   * schema is then a string, sent as the body as it is.
   */
  produces?: string;
  resources: readonly Resource[];
  /**
   * The data resources among `resources` the operation changes; the CDK grants the others
   * read-only (ADR 0102). Absent: all of them, read/write, so a writing operation never fails
   * in AWS only. Writing its own request-log record is granted to every operation regardless.
   */
  writes?: readonly DataResource[];
}

/**
 * An operation, from a function that builds it, called as `/* @__PURE__ *\/ defineOperation(() => ({ … }))`:
 * a bundle that does not use an operation then leaves it out and does not build its schemas when it
 * loads. A catalogue module holds a whole area's operations, and a bundler keeps any top-level call it
 * is not told is pure, with its arguments when they may have side effects (zod's chained calls); the
 * call-site annotation is the one esbuild honours across modules. Nothing is lazy at run time: the
 * function is called at once.
 */
export function defineOperation<I extends z.ZodType, O extends z.ZodType, const A extends Access>(define: () => OperationDef<I, O, A>): OperationDef<I, O, A> {
  return define();
}

export type InputOf<Op> = Op extends OperationDef<infer I, z.ZodType> ? z.input<I> : never;
export type ParsedInputOf<Op> = Op extends OperationDef<infer I, z.ZodType> ? z.output<I> : never;
export type OutputOf<Op> = Op extends OperationDef<z.ZodType, infer O> ? z.output<O> : never;

/** The data resources an operation may write: its `writes`, or every data resource it uses. */
export function writtenResources(op: Pick<OperationDef, 'resources' | 'writes'>): DataResource[] {
  const data = op.resources.filter((r): r is DataResource => (DATA_RESOURCES as readonly Resource[]).includes(r));
  return op.writes ? data.filter((r) => op.writes!.includes(r)) : data;
}

/** functions/<area>/<kebab-id>.ts: one handler file per operation. */
export function handlerModulePath(op: Pick<OperationDef, 'area' | 'id'>): string {
  return `functions/${op.area}/${kebabCase(op.id)}.ts`;
}

export function kebabCase(id: string): string {
  return id
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .replace(/[_\s]+/g, '-')
    .toLowerCase();
}

/** Path parameter names of a catalogue path, e.g. /api/tickets/{id} → ['id']. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
}
