import { readdirSync, rmdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, inject } from 'vitest';
import { claimFolder } from './days.ts';
import { portOf, type StackAddresses } from './provided.ts';

/**
 * Leases this test file a stack no other file holds, for the file's whole run (ADR 0740): of the free
 * stacks, the one whose tests have claimed the fewest half-days (test/support/days.ts), so the
 * day-claiming files spread over the stacks instead of piling onto whichever worker was free.
 * A project may start more stacks than it runs files at once; then there is always a choice.
 */
export async function leaseStack(): Promise<StackAddresses> {
  const stacks = inject('stacks');
  const leases = inject('stackLeases');
  const claims = inject('dayClaims');
  for (;;) {
    const leastClaimedFirst = stacks
      .map((stack) => ({ stack, claimed: claimedHalfDays(join(claims, portOf(stack))) }))
      .sort((a, b) => a.claimed - b.claimed);
    for (const { stack } of leastClaimedFirst) {
      const lease = join(leases, portOf(stack));
      if (!claimFolder(lease)) continue;
      afterAll(() => rmdirSync(lease));
      return stack;
    }
    // Every stack is held: a file is finishing on one (a project never runs more files than stacks).
    await sleep(50);
  }
}

function claimedHalfDays(folder: string): number {
  try {
    return readdirSync(folder).length;
  } catch {
    return 0;
  }
}
