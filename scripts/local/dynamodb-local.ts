import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { waitForPort } from './ports.ts';

/** DynamoDB Local, AWS's own emulator: the jar shipped in amplify-dynamodb-simulator, run with the machine's Java. */
export interface DynamoDbLocal {
  endpoint: string;
  stop: () => Promise<void>;
}

export function checkJava(): void {
  const probe = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new Error(
      'Java 17 or newer is required to run DynamoDB Local. Install it with `apt-get install -y openjdk-17-jre-headless` (Debian/Ubuntu) or from https://adoptium.net, then run the command again.',
    );
  }
  const version = /version "(\d+)/.exec(probe.stderr)?.[1];
  if (version && Number(version) < 17) throw new Error(`Java ${version} found; DynamoDB Local needs Java 17 or newer.`);
}

/**
 * Java runs under a small shell watchdog (docs/decisions/0080-local-stack-lifecycle.md): the
 * shell stops Java when it is told to stop (SIGTERM, SIGINT, SIGHUP) and also when the Node
 * process that started it is gone, even after a kill -9, so no DynamoDB Local outlives its stack.
 */
const WATCHDOG = `java "$@" &
child=$!
trap 'kill $child 2>/dev/null; wait $child; exit 0' TERM INT HUP
while kill -0 "$IMMO_STACK_PID" 2>/dev/null && kill -0 $child 2>/dev/null; do sleep 1 & wait $!; done
kill $child 2>/dev/null
wait $child`;

export async function startDynamoDbLocal(opts: { port: number; dataDir?: string }): Promise<DynamoDbLocal> {
  checkJava();
  const require = createRequire(import.meta.url);
  const emulatorDir = join(dirname(require.resolve('amplify-dynamodb-simulator/package.json')), 'emulator');
  const storage = opts.dataDir ? (mkdirSync(opts.dataDir, { recursive: true }), ['-dbPath', opts.dataDir]) : ['-inMemory'];
  const javaArgs = ['-Xmx1g', `-Djava.library.path=${join(emulatorDir, 'DynamoDBLocal_lib')}`, '-jar', join(emulatorDir, 'DynamoDBLocal.jar'), '-port', String(opts.port), '-sharedDb', ...storage];
  const proc: ChildProcess = spawn('sh', ['-c', WATCHDOG, 'dynamodb-local', ...javaArgs], {
    cwd: emulatorDir,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, IMMO_STACK_PID: String(process.pid) },
  });
  // Whatever way this process ends, the watchdog is told at once (it would notice within 1 s anyway).
  const onExit = () => proc.kill('SIGTERM');
  process.once('exit', onExit);
  let stderr = '';
  proc.stderr?.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<never>((_, reject) => proc.once('exit', (code) => reject(new Error(`DynamoDB Local exited (${code}): ${stderr}`))));
  try {
    await Promise.race([waitForPort(opts.port, 120_000, 'DynamoDB Local'), exited]);
  } catch (error) {
    proc.kill('SIGTERM');
    throw error;
  }
  exited.catch(() => undefined);
  return {
    endpoint: `http://127.0.0.1:${opts.port}`,
    stop: () =>
      new Promise((resolve) => {
        process.removeListener('exit', onExit);
        if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
      }),
  };
}
