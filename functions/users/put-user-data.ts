import { putUserData, USER_MESSAGES } from '#shared/catalogue/users.ts';
import { Role } from '#shared/roles.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { conflict } from '../plumbing/errors.ts';
import { feedRevocation } from '../storage/calendar-feeds.ts';
import { replaceUser } from '../storage/users.ts';
import { assertMayWrite, assertTechnicianFields, checkReferences, nextRecord, readableUser, userDataView } from '../use-cases/user-form.ts';
import { followBrokerNames } from '../use-cases/broker-names.ts';

/**
 * Saves a user from the version the form read (409 when it changed meanwhile). A role change or a
 * suspension ends the user's live sessions at once (the write bumps their session stamp) and their
 * calendar feed. A broker's
 * names go onto those of their listings that do not carry them.
 */
export const handler = apiHandler(putUserData, async ({ id, version, ...fields }, { user: caller, log }) => {
  const stored = await readableUser(caller, id);
  assertMayWrite(caller, stored);
  if (stored.version !== version) throw conflict(USER_MESSAGES.changedMeanwhile);
  const record = nextRecord(caller, fields, stored);
  assertMayWrite(caller, { id, role: record.role });
  assertTechnicianFields(caller, record);
  await checkReferences(record, stored);
  // A suspension or a role change ends the user's calendar feed with their sessions (ADR 0670).
  const standingChanges = record.role !== stored.role || record.suspended !== stored.suspended;
  const revocation = standingChanges ? await feedRevocation(id) : [];
  const saved = await replaceUser(stored, { ...record, id, created_at: stored.created_at, updated_at: stored.updated_at }, new Date(), revocation);
  log('user saved', id, { role: saved.role, suspended: saved.suspended, sessionsEnded: saved.session_version !== stored.session_version });
  // Every save of a broker (not only a rename) brings their listings to their names: one that missed
  // a rename (booked with the old names while it ran, or a rename that failed half way) is mended.
  if (saved.role === Role.broker || saved.firstname !== stored.firstname || saved.lastname !== stored.lastname) {
    await followBrokerNames(id, { firstname: saved.firstname, lastname: saved.lastname }, log);
  }
  return { status: 200 as const, message: USER_MESSAGES.saved, data: await userDataView(saved) };
});
