/**
 * A module-level zod schema, built as the module loads but left out of a bundle that never uses it:
 * `export const x = /* @__PURE__ *\/ schema(() => z.object({ … }))`. esbuild cannot tell that a
 * chain such as `z.number().int()` is free of side effects, so without the annotation every schema
 * of every module a handler imports is built at its cold start (ADR 0775). As
 * `defineOperation` does for operations (ADR 0760).
 */
export function schema<T>(make: () => T): T {
  return make();
}
