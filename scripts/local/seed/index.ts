import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#functions/commons/aws.ts';
import { hashPassword } from '#functions/commons/passwords.ts';
import { insertUser, nextId } from '#functions/commons/users.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';

const SEED_MARKER = { pk: 'SEED#demo', sk: 'SEED' };

/** Seeds the demo data once; later starts find the marker and keep the data as it is. */
export async function seedDemoData(log: (line: string) => void = () => undefined): Promise<'seeded' | 'already-seeded'> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: SEED_MARKER, ConsistentRead: true }));
  if (Item) return 'already-seeded';
  const now = new Date().toISOString();
  const passwordHash = await hashPassword(DEMO_ACCOUNTS[0]!.password);
  for (const account of DEMO_ACCOUNTS) {
    await insertUser({
      id: account.id,
      firstname: account.firstname,
      lastname: account.lastname,
      email: account.email,
      role: account.role,
      password_hash: passwordHash,
      created_at: now,
      updated_at: now,
    });
  }
  // Numeric ids continue after the demo accounts (the spec's exception technicians 1016 and 1017 come later).
  await nextId('user', 1000);
  await db.send(new PutCommand({ TableName: tableName(), Item: { ...SEED_MARKER, seeded_at: now } }));
  log(`seeded ${DEMO_ACCOUNTS.length} demo accounts`);
  return 'seeded';
}
