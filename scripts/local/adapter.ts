import { randomUUID } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { operations, handlerModulePath, pathParams, type OperationDef } from '#shared/catalogue/index.ts';
import { HttpError, MAX_BODY_BYTES, badRequest, bodyTooLarge, internalError, invalidInput } from '#functions/plumbing/errors.ts';
import { ENV } from '#shared/data/design.ts';
import { securityHeaders } from '#shared/http/security-headers.ts';
import { APP_CONFIG_PATH, LOCAL_APP_CONFIG } from '#shared/http/app-config.ts';

/**
 * The local stand-in for API Gateway: turns HTTP requests into API Gateway v2 events, calls
 * the very handler modules the Lambdas run, and serves the built web app on the same origin.
 */
type LambdaHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

export interface Route {
  op: OperationDef;
  pattern: RegExp;
  params: string[];
}

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * The routes, most specific first as API Gateway chooses: where two paths differ, a literal segment
 * wins over a {parameter} in the same place (GET /api/listings/map is not getListing with id 'map'),
 * whatever order the catalogue lists them in (a module namespace's keys are sorted by name).
 */
export function routeTable(ops: readonly OperationDef[]): Route[] {
  return ops
    .map((op) => ({
      op,
      params: pathParams(op.path),
      pattern: new RegExp(`^${op.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}/g, '([^/]+)')}$`),
    }))
    .sort((a, b) => literalFirst(a.op.path, b.op.path));
}

function literalFirst(a: string, b: string): number {
  const as = a.split('/');
  const bs = b.split('/');
  for (let i = 0; i < Math.min(as.length, bs.length); i++) {
    const aParam = as[i]!.startsWith('{');
    if (aParam !== bs[i]!.startsWith('{')) return aParam ? 1 : -1;
  }
  return as.length - bs.length;
}

/** The operation a request reaches, if any. */
export function routeOf(table: readonly Route[], method: string, pathname: string): Route | undefined {
  return table.find((r) => r.op.method === method && r.pattern.test(pathname));
}

const routes = routeTable(operations);

const loaded = new Map<string, Promise<LambdaHandler>>();
function handlerFor(op: OperationDef): Promise<LambdaHandler> {
  let handler = loaded.get(op.id);
  if (!handler) {
    handler = import(pathToFileURL(join(ROOT, handlerModulePath(op))).href).then((m: { handler: LambdaHandler }) => m.handler);
    loaded.set(op.id, handler);
  }
  return handler;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

/** Longest request path served; longer ones answer 400 before any work. */
export const MAX_PATH_LENGTH = 2048;

/** decodeURIComponent that answers undefined for a bad percent-escape instead of throwing. */
export function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

const BAD_ESCAPE = 'The request path holds a bad percent-escape.';

/**
 * Why a raw request path is refused (400), or undefined when it may be served. The length binds API
 * paths only: an overlong page path gets the app (as CloudFront serves it), whose not-found page says
 * so in the user's language.
 */
function badPath(pathname: string, api: boolean): string | undefined {
  if (api && pathname.length > MAX_PATH_LENGTH) return `The request path exceeds ${MAX_PATH_LENGTH} characters.`;
  const decoded = safeDecode(pathname);
  if (decoded === undefined) return BAD_ESCAPE;
  if (/[\u0000-\u001f\u007f]/.test(decoded)) return 'The request path holds a control character.';
  return undefined;
}

async function readBody(req: IncomingMessage): Promise<Buffer | 'too-large'> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return 'too-large';
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL, hooks: AdapterHooks): Promise<void> {
  const method = req.method ?? 'GET';
  const route = routeOf(routes, method, url.pathname);
  if (!route) {
    if (safeDecode(url.pathname) === undefined) return sendJson(res, 400, badRequest(BAD_ESCAPE).body());
    const pathExists = routes.some((r) => r.pattern.test(url.pathname));
    const error = pathExists
      ? new HttpError('not_found', `No ${method} operation at ${url.pathname}.`)
      : new HttpError('not_found', `Unknown API path ${url.pathname}.`);
    return sendJson(res, 404, error.body());
  }
  const body = await readBody(req);
  if (body === 'too-large') {
    res.setHeader('connection', 'close');
    return sendJson(res, 413, bodyTooLarge().body());
  }
  const match = route.pattern.exec(url.pathname)!;
  const pathParameters: Record<string, string> = {};
  const badParams: Record<string, string[]> = {};
  route.params.forEach((name, i) => {
    const value = safeDecode(match[i + 1]!);
    if (value === undefined) badParams[name] = ['Bad percent-escape in this path parameter.'];
    else pathParameters[name] = value;
  });
  if (Object.keys(badParams).length) return sendJson(res, 400, invalidInput(badParams).body());
  const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k.toLowerCase(), Array.isArray(v) ? v.join(',') : (v ?? '')]));
  const query = url.searchParams.size ? Object.fromEntries(url.searchParams) : undefined;
  const requestId = randomUUID();
  const event: APIGatewayProxyEventV2 = {
    version: '2.0',
    routeKey: `${route.op.method} ${route.op.path}`,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers,
    ...(query ? { queryStringParameters: query } : {}),
    ...(route.params.length ? { pathParameters } : {}),
    ...(body.length ? { body: body.toString('utf8') } : {}),
    isBase64Encoded: false,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: { method, path: url.pathname, protocol: 'HTTP/1.1', sourceIp: req.socket.remoteAddress ?? '127.0.0.1', userAgent: headers['user-agent'] ?? '' },
      requestId,
      routeKey: `${route.op.method} ${route.op.path}`,
      stage: '$default',
      time: new Date().toISOString(),
      timeEpoch: Date.now(),
    },
  };
  const context = {
    awsRequestId: requestId,
    functionName: route.op.id,
    callbackWaitsForEmptyEventLoop: false,
    getRemainingTimeInMillis: () => 30_000,
  } as unknown as Context;
  const handler = await handlerFor(route.op);
  if (route.op.area === 'logs') await hooks.beforeLogRead?.();
  const result = await handler(event, context);
  res.writeHead(result.statusCode ?? 200, result.headers as Record<string, string>);
  res.end(result.body ?? '');
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

/** A path naming a file: its last segment ends in an extension that starts with a letter ('/tech_review/5016.5' is a client route). */
export const FILE_PATH = /\.[A-Za-z][A-Za-z0-9]*$/;

function serveStatic(res: ServerResponse, url: URL, webDir: string): void {
  if (url.pathname === APP_CONFIG_PATH) return sendJson(res, 200, LOCAL_APP_CONFIG);
  // badPath() already refused bad escapes; `..` segments cannot climb above the web folder.
  const relative = normalize(safeDecode(url.pathname) ?? '/').replace(/^(\.\.[/\\])+/, '');
  let file = join(webDir, relative);
  const inside = file === webDir || file.startsWith(webDir + sep);
  if (!inside || !existsSync(file) || statSync(file).isDirectory()) {
    // SPA fallback: client-side routes get index.html; missing files get a 404 (the CloudFront function's rule).
    if (FILE_PATH.test(relative) && relative !== '/index.html') {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return void res.end('Not found');
    }
    file = join(webDir, 'index.html');
    if (!existsSync(file)) {
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
      return void res.end('The web app is not built. Run `npm run build:web` (npm start does it for you).');
    }
  }
  const immutable = relative.startsWith('/assets/');
  res.writeHead(200, {
    'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
  });
  createReadStream(file)
    .once('error', (error) => {
      console.error(error);
      res.destroy();
    })
    .pipe(res);
}

/** The last resort: logs, answers 500 JSON when nothing was sent yet, and never lets the error escape. */
function failed(res: ServerResponse, error: unknown): void {
  console.error(error);
  try {
    if (!res.headersSent) sendJson(res, 500, internalError().body());
    else res.end();
  } catch {
    res.destroy();
  }
}

export interface AdapterHooks {
  /**
   * Runs before the request-log viewer's operations: the local stack stores the records shipped so
   * far, so that the viewer shows every request already answered (in AWS they arrive within seconds).
   */
  beforeLogRead?: () => Promise<void>;
}

/** One request: any throw or rejection in it ends as a 500 answer, never as the end of the process. */
async function handle(req: IncomingMessage, res: ServerResponse, webDir: string, hooks: AdapterHooks): Promise<void> {
  let url: URL;
  try {
    // A leading '//' would read as a host name: the request target is always a path here.
    url = new URL((req.url ?? '/').replace(/^\/+/, '/'), 'http://localhost');
  } catch {
    return sendJson(res, 400, badRequest('Malformed request target.').body());
  }
  const api = url.pathname === '/api' || url.pathname.startsWith('/api/');
  const refused = badPath(url.pathname, api);
  // A bad escape in an API path parameter is named by handleApi as a field error.
  if (refused && !(api && refused === BAD_ESCAPE)) return sendJson(res, 400, badRequest(refused).body());
  if (api) return handleApi(req, res, url, hooks);
  // As CloudFront's web origin allows GET and HEAD only: a write outside /api (e.g. '/api/x/../..' once normalized) is refused, not answered with the app's page.
  if (req.method !== 'GET' && req.method !== 'HEAD') return sendJson(res, 403, new HttpError('forbidden', 'The web app answers GET and HEAD only.').body());
  return serveStatic(res, url, webDir);
}

let guarded = false;
/** A rejection nobody awaited is logged; it must not end the local server (Node's default since v15). */
function guardProcess(): void {
  if (guarded) return;
  guarded = true;
  process.on('unhandledRejection', (reason) => console.error('unhandled rejection (the server goes on):', reason));
}

/** The same security headers CloudFront adds (shared/http/security-headers.ts), with s3rver as the storage origin. */
function localSecurityHeaders(): Record<string, string> {
  const s3 = process.env[ENV.s3Endpoint];
  const storage = s3 ? [s3, s3.replace('127.0.0.1', 'localhost')] : [];
  return securityHeaders({ storage, maps: [] });
}

export function startAdapter(opts: { port: number; host?: string; webDir?: string } & AdapterHooks): Promise<{ server: Server; url: string }> {
  const webDir = resolve(opts.webDir ?? join(ROOT, 'web/dist'));
  const headers = localSecurityHeaders();
  const server = createServer((req, res) => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    // A client going away mid-request (a browser leaving the page) is normal, not worth a stack trace;
    // so is `readBody` leaving its loop at an oversize body, which aborts the stream (ABORT_ERR).
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET' && error.code !== 'ABORT_ERR') console.error('request stream error', error);
    });
    res.on('error', (error) => console.error('response stream error', error));
    try {
      handle(req, res, webDir, opts).catch((error: unknown) => failed(res, error));
    } catch (error) {
      failed(res, error);
    }
  });
  // Requests Node cannot even parse (bad request line, headers too large) get the same error body.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
    const body = JSON.stringify(badRequest('Malformed HTTP request.').body());
    socket.end(`HTTP/1.1 400 Bad Request\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
  });
  guardProcess();
  server.keepAliveTimeout = 65_000;
  return new Promise((resolvePromise) =>
    server.listen(opts.port, opts.host ?? '127.0.0.1', () => resolvePromise({ server, url: `http://${opts.host === '0.0.0.0' ? 'localhost' : (opts.host ?? 'localhost')}:${opts.port}` })),
  );
}
