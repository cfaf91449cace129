import { getOpenApiDocument } from '#shared/catalogue/meta.ts';
import { catalogueOpenApiDocument } from '#shared/openapi-document.ts';
import { apiHandler } from '../plumbing/api-handler.ts';

export const handler = apiHandler(getOpenApiDocument, async () => catalogueOpenApiDocument);
