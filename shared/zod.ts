/**
 * The zod the project uses: `import * as z from '#shared/zod.ts'` (or a relative path).
 * Importing zod's own `z` namespace pulls its whole API into every bundle (~200 KB minified
 * per Lambda, and the web's first load); this module re-exports only what we use, and
 * esbuild/Vite tree-shake a local namespace import down to it (~90 KB).
 * Need another zod function? Add it here. ESLint refuses imports of 'zod' elsewhere.
 */
export {
  array,
  boolean,
  coerce,
  enum,
  literal,
  NEVER,
  number,
  object,
  record,
  strictObject,
  string,
  toJSONSchema,
  tuple,
  union,
  unknown,
  ZodError,
  ZodType,
} from 'zod';
export type { infer, input, output } from 'zod';

import { config } from 'zod';
// Browsers run the app under a CSP that forbids eval (ADR 0095). zod compiles fast parsers with
// `new Function` where it may, and its probe for that would report a violation on every page.
if (typeof document !== 'undefined') config({ jitless: true });
