import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { demoAccount } from '../local/demo-accounts.ts';
import { freePort } from '../local/ports.ts';
import { ROOT } from '../local/stack.ts';
import { Role } from '#shared/roles.ts';
import { fmt } from './stats.ts';

/**
 * First start (issue 14 item 1, ADR 0320): `npm start` (tsx scripts/local/start.ts) of a checkout
 * on an empty data folder and its own port, timed from spawn to the moment the web app answers
 * its page and a demo account logs in. Then, with the provider seed, a login every 10 s while the
 * import runs in the background, until the start prints that the import is done (ADR 0330), and
 * 5 logins after it; without it (IMMO_PROVIDER_SEED=off), 10 logins in a row. Alternating the
 * two variants. The first run of a fresh clone also builds the web app. FIRST_START_AGAIN=1 then
 * times a start without the provider seed and a second start on the same data folder (a restart:
 * the seed is done, ADR 0355).
 *
 *   npx tsx scripts/bench/first-start.ts [checkout, default this one]   FIRST_START_RUNS=2 (per variant)
 */
const RUNS = Number(process.env.FIRST_START_RUNS ?? 2);
const TIMEOUT_MS = 20 * 60_000;
/** The background import on a busy shared machine may take long: it is waited for up to an hour from spawn. */
const IMPORT_TIMEOUT_MS = 60 * 60_000;
/** FIRST_START_PROVIDER=on or off runs one variant only (default: both, alternating). */
const VARIANTS = process.env.FIRST_START_PROVIDER === 'on' ? [true] : process.env.FIRST_START_PROVIDER === 'off' ? [false] : [true, false];

export interface FirstStart {
  provider: boolean;
  usableMs: number;
  /** ms after spawn of each step line the start prints (seed steps, emulators, adapter). */
  lines: { atMs: number; line: string }[];
  /** Logins made while the provider import ran (with the seed), or right after the start (without). */
  loginMs: number[];
  /** ms after spawn the start printed the end of the provider import (imported, refused or failed), and that line. */
  importDone?: { atMs: number; line: string };
  loginAfterImportMs: number[];
}

/** The line the start prints when the provider import ends (functions/use-cases/provider-import.ts, scripts/local/stack.ts). */
const IMPORT_END = /provider file \S+ (imported|refused)|provider import failed/;

async function answers(url: string, init?: RequestInit): Promise<boolean> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

/** `keptData`: a data folder the caller owns and removes (a second start on it is a restart). */
export async function firstStart(checkout: string, provider: boolean, keptData?: string): Promise<FirstStart> {
  const dataDir = keptData ?? mkdtempSync(join(tmpdir(), 'first-start-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const account = demoAccount(Role.broker);
  const login = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: account.email, password: account.password }) };
  const started = performance.now();
  const child = spawn(join(checkout, 'node_modules/.bin/tsx'), ['scripts/local/start.ts'], {
    cwd: checkout,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(port), IMMO_DATA_DIR: dataDir, IMMO_PROVIDER_SEED: provider ? 'on' : 'off' },
  });
  const lines: FirstStart['lines'] = [];
  let exited: number | null = null;
  child.on('exit', (code) => (exited = code ?? -1));
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8');
    stream.on('data', (text: string) => {
      for (const line of text.split('\n')) if (line.trim()) lines.push({ atMs: performance.now() - started, line: line.trim() });
    });
  }
  try {
    let usableMs = 0;
    while (!usableMs) {
      if (exited !== null) throw new Error(`npm start exited (${exited}):\n${lines.map((l) => l.line).join('\n')}`);
      if (performance.now() - started > TIMEOUT_MS) throw new Error('npm start was not usable within 20 min');
      if ((await answers(`${base}/`)) && (await answers(`${base}/api/session/login`, login))) {
        usableMs = performance.now() - started;
        console.log(`(provider seed ${provider ? 'on' : 'off'}: usable after ${fmt(usableMs / 1000, 1)} s)`);
      }
      else await new Promise((r) => setTimeout(r, 250));
    }
    // A login that fails or takes over 10 s (the import loading the machine) counts as 10 s.
    const timedLogin = async () => {
      const t = performance.now();
      return (await answers(`${base}/api/session/login`, login)) ? performance.now() - t : 10_000;
    };
    const importDone = () => lines.find((l) => IMPORT_END.test(l.line));
    const loginMs: number[] = [];
    const loginAfterImportMs: number[] = [];
    if (!provider) for (let i = 0; i < 10; i++) loginMs.push(await timedLogin());
    else {
      while (!importDone()) {
        if (exited !== null || performance.now() - started > IMPORT_TIMEOUT_MS) throw new Error(`the provider import did not end within an hour:\n${lines.map((l) => `${fmt(l.atMs / 1000, 1)} s ${l.line}`).join('\n')}`);
        // Every 10 s: a login (scrypt, 128 MiB) is itself heavy work for a 2-core machine.
        loginMs.push(await timedLogin());
        await new Promise((r) => setTimeout(r, 10_000));
      }
      for (let i = 0; i < 5; i++) loginAfterImportMs.push(await timedLogin());
    }
    return { provider, usableMs, lines, loginMs, importDone: importDone(), loginAfterImportMs };
  } finally {
    if (exited === null && child.pid) {
      const gone = new Promise((r) => child.once('exit', r));
      process.kill(-child.pid, 'SIGINT');
      const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 30_000);
      await gone;
      clearTimeout(timer);
    }
    if (!keptData) rmSync(dataDir, { recursive: true, force: true });
  }
}

const logins = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return `${ms.length} logins (a failed one counts 10 s) p50 ${fmt(sorted[Math.floor((sorted.length - 1) / 2)] ?? 0, 0)} ms, max ${fmt(sorted.at(-1) ?? 0, 0)} ms`;
};

export function printFirstStart(run: FirstStart, label: string): void {
  console.log(`\n${label}, provider seed ${run.provider ? 'on' : 'off'}: usable (page + demo login) after ${fmt(run.usableMs / 1000, 1)} s`);
  if (!run.provider) console.log(`  then ${logins(run.loginMs)}`);
  else {
    console.log(`  provider import ended after ${fmt((run.importDone?.atMs ?? 0) / 1000, 1)} s: ${run.importDone?.line ?? '?'}`);
    console.log(`  while it ran: ${logins(run.loginMs)}; after it: ${logins(run.loginAfterImportMs)}`);
  }
  for (const { atMs, line } of run.lines) console.log(`  ${fmt(atMs / 1000, 1).padStart(6)} s  ${line.slice(0, 150)}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const checkout = resolve(process.argv[2] ?? ROOT);
  const runs: FirstStart[] = [];
  if (process.env.FIRST_START_AGAIN) {
    const dataDir = mkdtempSync(join(tmpdir(), 'first-start-'));
    try {
      printFirstStart(await firstStart(checkout, false, dataDir), 'start on an empty data folder');
      printFirstStart(await firstStart(checkout, false, dataDir), 'second start on the same data folder');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    process.exit(0);
  }
  for (let i = 0; i < RUNS * VARIANTS.length; i++) {
    const run = await firstStart(checkout, VARIANTS[i % VARIANTS.length]!);
    printFirstStart(run, `run ${i + 1}${i === 0 ? ' (includes the web build when the checkout has none)' : ''}`);
    runs.push(run);
  }
  for (const provider of VARIANTS) {
    const mine = (runs.length > VARIANTS.length ? runs.slice(1) : runs).filter((r) => r.provider === provider);
    const ended = provider ? `; import ended after ${mine.map((r) => fmt((r.importDone?.atMs ?? 0) / 1000, 1) + ' s').join(', ')}` : '';
    console.log(`provider seed ${provider ? 'on ' : 'off'}: usable after ${mine.map((r) => fmt(r.usableMs / 1000, 1) + ' s').join(', ')}${ended} (after the first run when there are several)`);
  }
}
