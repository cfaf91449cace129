/**
 * A value built at first use, then kept. For the `Intl` objects a module would otherwise build as it
 * loads: a time-zone formatter or a French collator costs 5–9 ms of a Lambda's cold start, and most
 * handlers that load the module never call them.
 */
export function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}
