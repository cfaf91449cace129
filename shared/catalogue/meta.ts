import * as z from '../zod.ts';
import { defineOperation } from './operation.ts';

export const getOpenApiDocument = /* @__PURE__ */ defineOperation(() => ({
  id: 'getOpenApiDocument',
  area: 'meta',
  method: 'GET',
  path: '/api/openapi.json',
  access: 'public',
  summary: 'The OpenAPI 3 document of every operation, generated from the catalogue.',
  input: z.object({}),
  output: z.record(z.string(), z.unknown()),
  resources: ['table'],
  writes: [],
}));
