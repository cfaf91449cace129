import * as z from './zod.ts';
import { errorBody } from './catalogue/errors.ts';
import { pathParams, type OperationDef } from './catalogue/operation.ts';

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' }) as JsonSchema;

function describeAccess(op: OperationDef): string {
  if (op.access === 'public') return 'Public.';
  if (op.access === 'authenticated') return 'Any logged-in user.';
  return `Roles ${op.access.join(', ')}.`;
}

/** The OpenAPI 3.0 document of the catalogue, served at /api/openapi.json. */
export function openApiDocument(operations: readonly OperationDef[]): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    const input = toSchema(op.input, 'input');
    const properties = (input.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((input.required as string[] | undefined) ?? []);
    const inPath = pathParams(op.path);
    const inQuery = op.method === 'GET' || op.method === 'DELETE';
    const parameters = Object.entries(properties)
      .filter(([name]) => inPath.includes(name) || inQuery)
      .map(([name, schema]) => ({ name, in: inPath.includes(name) ? 'path' : 'query', required: inPath.includes(name) || required.has(name), schema }));
    const bodyProperties = Object.fromEntries(Object.entries(properties).filter(([name]) => !inPath.includes(name)));
    const errors = Object.fromEntries(
      ['400', '401', '403', '404', '409', '413', '422', '429', '500', '503'].map((code) => [code, { $ref: '#/components/responses/Error' }]),
    );
    (paths[op.path] ??= {})[op.method.toLowerCase()] = {
      operationId: op.id,
      tags: [op.area],
      summary: op.summary,
      description: describeAccess(op),
      ...(op.access === 'public' ? { security: [] } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(!inQuery && Object.keys(bodyProperties).length
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: { ...input, properties: bodyProperties, required: [...required].filter((n) => !inPath.includes(n)) } } },
            },
          }
        : {}),
      responses: { '200': { description: 'Success', content: { [op.produces ?? 'application/json']: { schema: toSchema(op.output, 'output') } } }, ...errors },
    };
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Immo Média API', version: '1.0.0', description: 'Generated from the operation catalogue in shared/catalogue/.' },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'The session token answered by login.' } },
      responses: { Error: { description: 'Error', content: { 'application/json': { schema: toSchema(errorBody, 'output') } } } },
    },
    paths,
  };
}
