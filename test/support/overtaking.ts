import { db } from '#functions/plumbing/aws.ts';

/**
 * Runs `call` (a handler in this process) with `meanwhile` done just before its first write of one
 * of `commands` reaches the table: a check overtaken by another user's change.
 */
export async function overtakingFirstWrite<T>(commands: readonly string[], meanwhile: () => Promise<void>, call: () => Promise<T>): Promise<{ answer: T; overtaken: boolean }> {
  const FAULT = 'overtake-the-first-write';
  let overtaken = false;
  db.middlewareStack.add(
    (next, context) => async (args) => {
      if (!overtaken && commands.includes(context.commandName ?? '')) {
        overtaken = true;
        await meanwhile();
      }
      return next(args);
    },
    { step: 'initialize', name: FAULT, override: true },
  );
  try {
    return { answer: await call(), overtaken };
  } finally {
    db.middlewareStack.remove(FAULT);
  }
}
