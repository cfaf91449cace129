/**
 * A module-level value that a bundle leaves out when it never uses it:
 * `export const x = /* @__PURE__ *\/ pure(() => ({ … }))`. An object literal whose fields read
 * another module's values (`item: keys.shootingPackage`) is kept by esbuild in every bundle that
 * imports its module, since a property read may run a getter, and with it everything its methods
 * reference: the records' schemas, built at each cold start (ADR 0790). As `schema` (ADR 0775).
 */
export function pure<T>(make: () => T): T {
  return make();
}
