import { inject } from 'vitest';

/** The addresses of one local stack (scripts/local/stack.ts), as a test file reaches it. */
export interface StackAddresses {
  baseUrl: string;
  dynamoEndpoint: string;
  s3Endpoint: string;
  tableName: string;
  /** The local mail outbox folder (.eml files). */
  mailOutbox: string;
}

/** Values the global setups hand to test files through vitest's provide/inject. */
declare module 'vitest' {
  export interface ProvidedContext {
    /** The project's stacks: one per worker slot, and for integration one spare (ADR 0740). */
    stacks: StackAddresses[];
    /** A folder where test/support/stack-lease.ts leases each test file its stack. */
    stackLeases: string;
    /** A folder where test/support/days.ts claims each test's own day. */
    dayClaims: string;
  }
}

/** The environment variable naming (by its port) the stack test/support/stack-env.ts leased this file. */
export const LEASED_STACK_PORT = 'TEST_STACK_PORT';

/**
 * The stack this test file runs against: the one leased to it before it loaded (test/support/stack-lease.ts),
 * which no other file uses while it runs, so two files running at once never share data (ADRs 0580, 0740).
 */
export function ownStack(): StackAddresses {
  const port = process.env[LEASED_STACK_PORT];
  const stack = inject('stacks').find((s) => portOf(s) === port);
  if (!stack) throw new Error(`no stack leased to this file (${LEASED_STACK_PORT}=${port}): test/support/stack-env.ts is the project's setup file`);
  return stack;
}

/** A stack's HTTP port, which names it in the day claims and the leases. */
export function portOf(stack: StackAddresses): string {
  return new URL(stack.baseUrl).port;
}
