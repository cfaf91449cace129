import { getProviderImports } from '#shared/catalogue/provider.ts';
import { Role } from '#shared/roles.ts';
import { tokenFor } from './api.ts';
import { bodyOf, callOp } from './operations.ts';

/** The demo provider file the seed drops (scripts/local/seed/provider.ts); its import runs in the background. */
export const DEMO_PROVIDER_FILE = 'provider-imports/demo-centris.jsonl';

/**
 * Waits until the import of a dropped provider file has finished and answers its record (the
 * screens of the provider data show nothing before). Import the stack environment first.
 */
export async function waitForProviderImport(key = DEMO_PROVIDER_FILE, timeoutMs = 240_000) {
  const { token } = await tokenFor(Role.admin);
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { imports } = bodyOf(await callOp(getProviderImports, {}, token));
    const run = imports.find((i) => i.key === key && i.status !== 'running');
    if (run) return run;
    if (Date.now() > until) throw new Error(`no finished import of ${key}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}
