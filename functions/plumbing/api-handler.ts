import middy, { type MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, Context } from 'aws-lambda';
import type * as z from '#shared/zod.ts';
import type { Access, OperationDef } from '#shared/catalogue/operation.ts';
import type { SessionUser } from '#shared/catalogue/session.ts';
import { PLUMBING_MESSAGES } from '#shared/messages/plumbing.ts';
import { HttpError, MAX_BODY_BYTES, badRequest, bodyTooLarge, changedMeanwhile, forbidden, internalError, invalidInput, isServiceUnavailable, serviceUnavailable, unauthorized } from './errors.ts';
import { shipRequestLog } from './request-log.ts';
import { bearerToken, findSession, type Session } from './sessions.ts';


type Event = APIGatewayProxyEventV2;
type Result = Exclude<APIGatewayProxyResultV2, string>;

export interface RequestContext {
  requestId: string;
  ip: string;
  event: Event;
  /** Adds a line to this request's log record (shown by the request-log viewer). */
  log: (...parts: unknown[]) => void;
}
export interface PublicContext extends RequestContext {
  user: SessionUser | undefined;
  session: Session | undefined;
}
export interface AuthenticatedContext extends RequestContext {
  user: SessionUser;
  session: Session;
}
type ContextFor<A extends Access> = A extends 'public' ? PublicContext : AuthenticatedContext;

interface Internal extends Record<string, unknown> {
  started: number;
  body: unknown;
  logs: unknown[][];
  session: Session | undefined;
  input: unknown;
}

type Req = middy.Request<Event, Result, Error, Context, Internal>;

export const json = (statusCode: number, body: unknown, headers: Record<string, string> = {}): Result => ({
  statusCode,
  headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  body: JSON.stringify(body),
});

/**
 * The one wrapper every handler uses: request log, error mapping, session and role
 * check from the catalogue entry, then zod parsing of path + query/body into `input`.
 * The logic receives typed input and returns the operation's output.
 */
export function apiHandler<I extends z.ZodType, O extends z.ZodType, A extends Access>(
  op: OperationDef<I, O, A>,
  logic: (input: z.output<I>, ctx: ContextFor<A>) => Promise<z.input<O>>,
) {
  return middy<Event, Result, Error, Context, Internal>()
    .use(requestLog(op))
    .use(errorMapping())
    .use(authentication(op))
    .use(inputParsing(op))
    .handler(async (event, context) => {
      const internal = (context as unknown as { internal: Internal }).internal;
      const ctx = {
        requestId: context.awsRequestId,
        ip: event.requestContext.http.sourceIp,
        event,
        log: (...parts: unknown[]) => internal.logs.push(parts),
        user: internal.session?.user,
        session: internal.session,
      } as ContextFor<A>;
      const output = op.output.parse(await logic(internal.input as z.output<I>, ctx));
      return op.produces ? { statusCode: 200, headers: { 'content-type': op.produces, 'cache-control': 'no-store' }, body: String(output) } : json(200, output);
    });
}

function internalOf(request: Req): Internal {
  return request.internal;
}

function requestLog(op: OperationDef): MiddlewareObj<Event, Result, Error, Context, Internal> {
  // Shipped, not stored: the answer never waits on the log, even with storage out (ADR 0485).
  const ship = (request: Req) => {
    const internal = internalOf(request);
    const { event } = request;
    const user = internal.session?.user;
    shipRequestLog({
      requestId: request.context.awsRequestId,
      path: event.rawPath,
      route: `${op.method} ${op.path}`,
      method: event.requestContext.http.method,
      status: request.response?.statusCode ?? 500,
      params: event.pathParameters ?? {},
      query: event.queryStringParameters ?? {},
      body: internal.body,
      date: new Date(internal.started),
      durationMs: Date.now() - internal.started,
      user: user ? { id: user.id, email: user.email } : undefined,
      ip: event.requestContext.http.sourceIp,
      logs: internal.logs,
    });
  };
  return {
    before: (request) => {
      Object.assign(request.internal, { started: Date.now(), logs: [], body: undefined, session: undefined, input: undefined });
      // Expose internal state to the handler body through the context object.
      (request.context as unknown as { internal: Internal }).internal = request.internal;
    },
    after: ship,
    onError: ship,
  };
}

function errorMapping(): MiddlewareObj<Event, Result, Error, Context, Internal> {
  return {
    onError: (request) => {
      const error = request.error;
      if (error instanceof HttpError) {
        request.response = json(error.status, error.body(), error.headers());
        return;
      }
      const name = (error as Error | null)?.name;
      if (name === 'ConditionalCheckFailedException' || name === 'TransactionCanceledException') {
        request.response = json(409, changedMeanwhile().body());
        return;
      }
      internalOf(request).logs.push(['error', String((error as Error | null)?.stack ?? error)]);
      console.error(error);
      if (isServiceUnavailable(error)) {
        request.response = json(503, serviceUnavailable().body());
        return;
      }
      request.response = json(500, internalError().body());
    },
  };
}

function fromZod(error: z.ZodError): HttpError {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    (fields[key] ??= []).push(issue.message);
  }
  return invalidInput(fields);
}

function authentication(op: OperationDef): MiddlewareObj<Event, Result, Error, Context, Internal> {
  return {
    before: async (request) => {
      const token = bearerToken(request.event.headers ?? {});
      const session = token ? await findSession(token) : undefined;
      internalOf(request).session = session;
      if (op.access === 'public') return;
      if (!session) throw unauthorized(token ? PLUMBING_MESSAGES.sessionEnded : PLUMBING_MESSAGES.authenticationRequired);
      if (op.access !== 'authenticated' && !op.access.includes(session.user.role as never)) throw forbidden();
    },
  };
}

/**
 * The input schema's verdict. A schema must never throw on junk (docs/decisions/0089-junk-input.md);
 * if one still does, the caller gets a 400, not a 500, and the request log keeps the error to fix.
 */
function safeParseInput(op: OperationDef, candidate: unknown, internal: Internal): ReturnType<z.ZodType['safeParse']> {
  try {
    return op.input.safeParse(candidate);
  } catch (error) {
    internal.logs.push(['input schema threw', String((error as Error | null)?.stack ?? error)]);
    console.error(`${op.id}: input schema threw`, error);
    throw invalidInput();
  }
}

function inputParsing(op: OperationDef): MiddlewareObj<Event, Result, Error, Context, Internal> {
  return {
    before: (request) => {
      const { event } = request;
      const internal = internalOf(request);
      let body: unknown = {};
      if (event.body) {
        const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
        if (Buffer.byteLength(raw) > MAX_BODY_BYTES) throw bodyTooLarge();
        try {
          body = JSON.parse(raw);
        } catch {
          throw badRequest(PLUMBING_MESSAGES.malformedJson);
        }
        if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest(PLUMBING_MESSAGES.notAnObject);
      }
      internal.body = body;
      const fromUrl = op.method === 'GET' || op.method === 'DELETE' ? { ...event.queryStringParameters } : {};
      const candidate = { ...(body as object), ...fromUrl, ...event.pathParameters };
      const parsed = safeParseInput(op, candidate, internal);
      if (!parsed.success) throw fromZod(parsed.error);
      internal.input = parsed.data;
    },
  };
}
