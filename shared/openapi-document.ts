import { operations } from './catalogue/index.ts';
import { openApiDocument } from './openapi.ts';

/**
 * The catalogue's OpenAPI document, served at /api/openapi.json. A Lambda bundle holds it as
 * computed when it was built (scripts/build/bundle.ts, BUILD_TIME_MODULES), without the
 * catalogue's schemas; locally it is computed when this module is first imported.
 */
export const catalogueOpenApiDocument: Record<string, unknown> = openApiDocument(operations);
