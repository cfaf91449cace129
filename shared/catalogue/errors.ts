import * as z from '../zod.ts';
import { schema } from '#shared/schema.ts';

/** The response-code table of part 1 section 8, with one error body shape. */
export const ERROR_CODES = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unprocessable: 422,
  too_many_requests: 429,
  server_error: 500,
  external_service: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export const errorBody = /* @__PURE__ */ schema(() => z.object({
  error: z.object({
    code: z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]),
    message: z.string(),
    /** Field path (dot-joined) → messages, for 400 answers. */
    fields: z.record(z.string(), z.array(z.string())).optional(),
    /** Extra machine-readable detail, e.g. the shootings blocking a zone deletion. */
    details: z.unknown().optional(),
  }),
}));

export type ErrorBody = z.infer<typeof errorBody>;
