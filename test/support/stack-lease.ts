import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, inject } from 'vitest';
import { createExclusive } from './exclusive-file.ts';
import { portOf, type StackAddresses } from './provided.ts';

/** Longer than any wait for a stack can be (a file finishing), short enough that a stuck run says why. */
const LEASE_WAIT_MS = 10 * 60_000;

/**
 * Leases this test file a stack no other file holds, for the file's whole run (ADR 0740): of the free
 * stacks, the one whose tests have claimed the fewest half-days (test/support/days.ts), so the
 * day-claiming files spread over the stacks instead of piling onto whichever worker was free.
 * A project may start more stacks than it runs files at once; then there is always a choice.
 *
 * A lease is a file holding its worker's process id, made exclusively. It is given back after the
 * file's last test, and also when that does not run: a file whose tests are all skipped (a `-t`
 * filter) or that fails to load leaves its lease to the next file of the same worker process, which
 * gives it back first, or to any file once that process has ended.
 */
export async function leaseStack(): Promise<StackAddresses> {
  const stacks = inject('stacks');
  const leases = inject('stackLeases');
  const claims = inject('dayClaims');
  giveBackOwn(leases);
  const deadline = Date.now() + LEASE_WAIT_MS;
  while (Date.now() < deadline) {
    const leastClaimedFirst = stacks
      .map((stack) => ({ stack, claimed: claimedHalfDays(join(claims, portOf(stack))) }))
      .sort((a, b) => a.claimed - b.claimed);
    for (const { stack } of leastClaimedFirst) {
      const lease = join(leases, portOf(stack));
      if (!take(lease)) continue;
      afterAll(() => rmSync(lease, { force: true }));
      return stack;
    }
    // Every stack is held: a file is finishing on one (a project never runs more files than stacks).
    await sleep(50);
  }
  throw new Error(`no stack came free in ${LEASE_WAIT_MS / 60_000} minutes: leases held in ${leases}: ${readdirSync(leases).join(', ')}`);
}

/** Takes the lease file at `path`: made exclusively, or taken over from a process that has ended. */
function take(path: string): boolean {
  for (;;) {
    if (createExclusive(path, String(process.pid))) return true;
    const holder = holderOf(path);
    if (holder === undefined || isAlive(holder)) return false;
    rmSync(path, { force: true });
  }
}

/** Gives back the leases this process still holds: the files it ran before this one are done (workers are processes, vitest's `forks` pool). */
function giveBackOwn(leases: string): void {
  for (const name of readdirSync(leases)) if (holderOf(join(leases, name)) === process.pid) rmSync(join(leases, name), { force: true });
}

function holderOf(path: string): number | undefined {
  try {
    const pid = Number(readFileSync(path, 'utf8'));
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function claimedHalfDays(folder: string): number {
  try {
    return readdirSync(folder).length;
  } catch {
    return 0;
  }
}
