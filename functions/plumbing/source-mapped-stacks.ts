import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * Stack traces written with the TypeScript sources' positions, from the bundle's source map read at
 * the first stack that needs it, not at load (ADR 0785). esbuild injects this module into every
 * Lambda bundle (scripts/build/bundle.ts). Under `--enable-source-maps`, Node reads and parses the
 * map of every module as it loads it, which cost each cold start 6–15 ms; most Lambdas never write a
 * stack.
 *
 * A frame of the bundle is written as Node writes a mapped one: the function's original name when
 * the map knows it, then its source, line and column. Sources are shown from the repository's root
 * (`functions/plumbing/api-handler.ts`). Other frames (Node's, the SDK layer's) stay as V8 writes them.
 */
export function installSourceMappedStacks(bundleUrl: string, mapFile = `${fileURLToPath(bundleUrl)}.map`): void {
  let map: SourceMap | null | undefined;
  const sourceMap = () => {
    if (map === undefined) {
      try {
        map = new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8')) as ConstructorParameters<typeof SourceMap>[0]);
      } catch {
        map = null;
      }
    }
    return map;
  };
  Error.prepareStackTrace = (error: Error, frames: NodeJS.CallSite[]) => {
    const header = errorHeader(error);
    const lines = frames.map((frame, i) => {
      try {
        if (frame.getFileName() === bundleUrl) {
          const mapped = sourceMap() && mappedFrame(sourceMap()!, frames, i);
          if (mapped) return mapped;
        }
      } catch {
        // An unreadable frame is written as V8 writes it.
      }
      return String(frame);
    });
    return lines.length === 0 ? header : `${header}\n    at ${lines.join('\n    at ')}`;
  };
}

/** The stack's first line, as Node writes it (its own errors with their code). */
function errorHeader(error: Error): string {
  try {
    const { code } = error as { code?: unknown };
    const header = Error.prototype.toString.call(error);
    return typeof code === 'string' && /^ERR_[A-Z0-9_]+$/.test(code) && header.startsWith(`${error.name}: `) ? `${error.name} [${code}]${header.slice(error.name.length)}` : header;
  } catch {
    return '<error>';
  }
}

/** Where a source-map source is, from the repository's root: the map names them from dist/functions/<id>/. */
const fromRoot = (source: string) => source.replace(/^(?:\.\.\/)+/, '');

interface Position {
  line: number;
  column: number;
}

/** The map's entry for a 1-based position of the bundle. */
const entryAt = (map: SourceMap, { line, column }: Position) => map.findEntry(line - 1, column - 1) as Partial<{ originalSource: string; originalLine: number; originalColumn: number; name: string }>;

function mappedFrame(map: SourceMap, frames: NodeJS.CallSite[], i: number): string | undefined {
  const frame = frames[i]!;
  const line = frame.getLineNumber();
  const column = frame.getColumnNumber();
  if (line === null || column === null) return undefined;
  const entry = entryAt(map, { line, column });
  if (!entry.originalSource || entry.originalLine === undefined || entry.originalColumn === undefined) return undefined;
  const location = `${fromRoot(entry.originalSource)}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
  const typeName = frame.getTypeName();
  const v8Name = `${typeName !== null && typeName !== 'global' ? `${typeName}.` : ''}${frame.getFunctionName() ?? frame.getMethodName() ?? '<anonymous>'}`;
  const name = originalName(map, frames, i) ?? v8Name;
  const prefix = `${frame.isAsync() ? 'async ' : ''}${frame.isConstructor() ? 'new ' : ''}`;
  return `${prefix}${name} (${location})`;
}

/**
 * The function's name before minification: the map's name at the start of the enclosing function,
 * or at the call in the next frame of the bundle (what Node's own mapping does).
 */
function originalName(map: SourceMap, frames: NodeJS.CallSite[], i: number): string | undefined {
  const frame = frames[i] as NodeJS.CallSite & { getEnclosingLineNumber?: () => number | null; getEnclosingColumnNumber?: () => number | null };
  const line = frame.getEnclosingLineNumber?.();
  const column = frame.getEnclosingColumnNumber?.();
  const enclosing = line && column ? entryAt(map, { line, column }).name : undefined;
  if (enclosing) return enclosing;
  const caller = frames[i + 1];
  if (!caller || caller.getFileName() !== frame.getFileName()) return undefined;
  const [callerLine, callerColumn] = [caller.getLineNumber(), caller.getColumnNumber()];
  return callerLine && callerColumn ? entryAt(map, { line: callerLine, column: callerColumn }).name : undefined;
}
