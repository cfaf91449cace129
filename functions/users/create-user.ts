import { createUser, USER_MESSAGES } from '#shared/catalogue/users.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { hashPassword } from '../plumbing/passwords.ts';
import { insertUser, newUserId } from '../storage/users.ts';
import { assertMayWrite, checkReferences, nextRecord, userDataView } from '../use-cases/user-form.ts';

/**
 * Creates a user (admin levels). The e-mail is unique through its guard item, put with the user
 * in one transaction (409 "L'usager existe déjà."): no read before the write.
 */
export const handler = apiHandler(createUser, async ({ password, confirmation: _confirmation, ...fields }, { user: caller, log }) => {
  const record = nextRecord(caller, fields, undefined);
  const id = await newUserId();
  assertMayWrite(caller, { id, role: record.role });
  await checkReferences(record);
  const now = new Date().toISOString();
  const saved = await insertUser({ ...record, id, created_at: now, updated_at: now, password_hash: await hashPassword(password) });
  log('user created', id, record.role);
  return { status: 200 as const, message: USER_MESSAGES.created, data: await userDataView(saved) };
});
