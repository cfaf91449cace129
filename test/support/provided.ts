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
    /** One stack per worker slot of the project. */
    stacks: StackAddresses[];
    /** A folder where test/support/days.ts claims each test's own day. */
    dayClaims: string;
  }
}

/**
 * The stack this test file runs against. Each worker slot (VITEST_POOL_ID, 1..maxWorkers) has a
 * stack of its own, so two files running at once never share data (docs/decisions/0580).
 */
export function ownStack(): StackAddresses {
  const stacks = inject('stacks');
  const slot = Number(process.env.VITEST_POOL_ID ?? '1');
  return stacks[(Number.isInteger(slot) && slot > 0 ? slot - 1 : 0) % stacks.length]!;
}
