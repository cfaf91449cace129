import { hashPassword } from '#functions/plumbing/passwords.ts';
import { nextId } from '#functions/plumbing/ids.ts';
import { insertUser } from '#functions/storage/users.ts';
import { DEMO_ACCOUNTS } from '../demo-accounts.ts';
import type { SeedContext } from './context.ts';

/** One demo account per role 1 to 12 (README lists them). */
export async function seedAccounts({ log, now }: SeedContext): Promise<void> {
  const passwordHash = await hashPassword(DEMO_ACCOUNTS[0]!.password);
  for (const account of DEMO_ACCOUNTS) {
    await insertUser({
      id: account.id,
      firstname: account.firstname,
      lastname: account.lastname,
      email: account.email,
      role: account.role,
      password_hash: passwordHash,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    });
  }
  // Numeric user ids continue after 1000 (the spec's exception technicians are 1016 and 1017).
  await nextId('user', 1000);
  log(`seeded ${DEMO_ACCOUNTS.length} demo accounts`);
}
