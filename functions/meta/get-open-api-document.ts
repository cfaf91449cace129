import { getOpenApiDocument } from '#shared/catalogue/meta.ts';
import { operations } from '#shared/catalogue/index.ts';
import { openApiDocument } from '#shared/openapi.ts';
import { apiHandler } from '../plumbing/api-handler.ts';

let document: Record<string, unknown> | undefined;

export const handler = apiHandler(getOpenApiDocument, async () => (document ??= openApiDocument(operations)));
