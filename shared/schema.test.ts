import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * ADR 0775: every module-level zod schema of shared/ and functions/ is declared
 * `/* @__PURE__ *\/ schema(() => …)`, so that a bundle leaves out the schemas its handler never uses.
 * A schema is a `const` whose value is a call chain on `z` (`z.object(…).extend(…)`), on another
 * such schema of the same module, or that calls one of zod's schema methods on anything else: an
 * imported schema (`shootingView.extend(…)`) or a helper's (`decimal().pipe(…)`).
 */
const ROOT = path.resolve(import.meta.dirname, '..');

const chainRoot = (e: ts.Expression): ts.Expression => {
  while (ts.isCallExpression(e) || ts.isPropertyAccessExpression(e) || ts.isParenthesizedExpression(e)) e = e.expression;
  return e;
};

/** zod's methods that build a schema from a schema (not `min`/`max`: `Math.min(…)` is no schema). */
const SCHEMA_METHODS = new Set(['extend', 'pick', 'omit', 'partial', 'required', 'merge', 'and', 'or', 'array', 'nullable', 'optional', 'nullish', 'refine', 'superRefine', 'pipe', 'transform', 'default', 'prefault', 'catch', 'strict', 'brand', 'describe', 'meta', 'readonly', 'int', 'positive']);

/** Whether a call chain calls one of zod's schema methods anywhere along it. */
const callsSchemaMethod = (e: ts.Expression): boolean => {
  for (; ts.isCallExpression(e) || ts.isPropertyAccessExpression(e) || ts.isParenthesizedExpression(e); e = e.expression) {
    if (ts.isCallExpression(e) && ts.isPropertyAccessExpression(e.expression) && SCHEMA_METHODS.has(e.expression.name.text)) return true;
  }
  return false;
};

/** The module-level schemas of a source not declared as ADR 0775 says, as `file:line name`. */
function unmarkedSchemas(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const schemas = new Set<string>();
  const unmarked: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
    for (const d of statement.declarationList.declarations) {
      const value = d.initializer;
      if (!value || !ts.isIdentifier(d.name) || !ts.isCallExpression(value)) continue;
      const marked = text.slice(value.getFullStart(), value.getStart()).includes('@__PURE__') && ts.isIdentifier(value.expression) && value.expression.text === 'schema';
      const root = chainRoot(value);
      if (marked) schemas.add(d.name.text);
      else if ((ts.isIdentifier(root) && (root.text === 'z' || schemas.has(root.text))) || callsSchemaMethod(value)) {
        schemas.add(d.name.text);
        unmarked.push(`${file}:${source.getLineAndCharacterOfPosition(value.getStart()).line + 1} ${d.name.text}`);
      }
    }
  }
  return unmarked;
}

describe('module-level schemas (ADR 0775)', () => {
  it('every one in shared/ and functions/ is marked pure, so that bundles leave out the ones they do not use', () => {
    const files = ['shared', 'functions'].flatMap((dir) =>
      readdirSync(path.join(ROOT, dir), { recursive: true })
        .map((f) => path.join(dir, String(f)))
        .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts')),
    );
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((f) => unmarkedSchemas(f, readFileSync(path.join(ROOT, f), 'utf8')))).toEqual([]);
  });

  it('finds a schema built on z or on another schema, and accepts the marked ones', () => {
    const text = [
      "const a = /* @__PURE__ */ schema(() => z.object({ id: z.number() }));",
      'const b = a.extend({ name: z.string() });',
      'const c = z.string().min(1);',
      'const d = other(1);',
      'const e = (m: string) => z.string().min(1, m);',
      'const f = importedView.extend({ version: z.number() });',
      "const g = decimal('Whole rooms only.').pipe(z.number().int());",
      'const h = Math.min(1, 2);',
      'const i = [1, 2].map(String);',
    ].join('\n');
    expect(unmarkedSchemas('x.ts', text)).toEqual(['x.ts:2 b', 'x.ts:3 c', 'x.ts:6 f', 'x.ts:7 g']);
  });
});
