import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { ROOT } from './stack.ts';

/**
 * A helper process of a bench or a test run (a local stack) in its own process group (detached), so
 * stopping it stops everything it started (tsx, DynamoDB Local's java, s3rver), not just the first
 * process. Every helper still running when its parent exits, ends or is interrupted is stopped too.
 */
export interface Helper<T> {
  info: T;
  stop: () => Promise<void>;
}

const running = new Set<ChildProcess>();

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

process.once('exit', () => {
  for (const child of running) killGroup(child, 'SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const child of running) killGroup(child, 'SIGTERM');
    process.exit(130);
  });
}

/** Starts `node --import tsx <script>` and waits for its first JSON line. */
export async function startHelper<T>(script: string, env: Record<string, string> = {}): Promise<Helper<T>> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'], detached: true, env: { ...process.env, ...env } });
  running.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (!running.delete(child)) return;
    killGroup(child, 'SIGTERM');
    const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
    // Whatever the helper left in its group (an emulator that ignored SIGTERM) goes too.
    killGroup(child, 'SIGKILL');
  };
  const lines = createInterface({ input: child.stdout! });
  for await (const line of lines) {
    if (line.startsWith('{')) {
      child.stdout!.resume();
      return { info: JSON.parse(line) as T, stop };
    }
  }
  await stop();
  throw new Error(`${script} did not start`);
}
