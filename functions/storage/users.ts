import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { userRecord, type NewUser, type UserRecord } from '#shared/entities/user.ts';
import { db, tableName } from '../plumbing/aws.ts';
import { keys, normalizeEmail } from '../plumbing/keys.ts';
import { batchGet } from '../plumbing/batch-get.ts';
import { byIndex, queryAll } from '../plumbing/query.ts';
import { cancellationCodes, transact, type TransactItem } from '../plumbing/transact.ts';
import { nextId } from '../plumbing/ids.ts';
import { USER_MESSAGES } from '#shared/messages/users.ts';
import { Role } from '#shared/roles.ts';
import { randomUUID } from 'node:crypto';
import { conflict, invalidInput, type HttpError } from '../plumbing/errors.ts';
import { depotReferenceChange, depotReferenceFailure } from './depots.ts';
import { offerHolds } from './service-offers.ts';
import { holdPackages } from './shooting-packages.ts';
import { holdZones } from './zones.ts';

/**
 * A stored user: the record plus its password hash, optimistic-lock version and session stamp.
 * `session_version` is copied into each session at login; a session whose stamp differs is dead
 * (docs/decisions/0091-sessions-check-the-user.md).
 */
export interface StoredUser extends UserRecord {
  password_hash: string;
  version: number;
  session_version: number;
}

/** What a user names in other entities' items (beyond the depot, which is counted: ADR 0145). */
type References = Pick<UserRecord, 'zone_id' | 'backupZones' | 'service_offers' | 'shooting_packages'>;
const NO_REFERENCES: References = { zone_id: null, backupZones: [], service_offers: [], shooting_packages: [] };

/** The message on a form field naming a zone, offer or package that is gone. */
export const REFERENCE_MISSING = 'This item does not exist any more (it may have been deleted meanwhile); reload the form.';

/**
 * The pieces of a user write for the zones, offers and packages it starts to name (those it named
 * already are held): each must still exist, and its holder stamp changes, so a deletion that
 * checked its holders before fails (docs/decisions/0167). `failure` reads a cancellation.
 */
function referenceHolds(before: References, after: References): { items: TransactItem[]; failure: (error: unknown, start: number) => HttpError | undefined } {
  const stamp = randomUUID();
  const added = (now: readonly number[], was: readonly number[]) => now.filter((id) => !was.includes(id));
  const zonesBefore = [...(before.zone_id === null ? [] : [before.zone_id]), ...before.backupZones];
  const pieces: Array<{ field: keyof References; items: TransactItem[] }> = [
    { field: 'zone_id', items: holdZones(added(after.zone_id === null ? [] : [after.zone_id], zonesBefore), stamp) },
    { field: 'backupZones', items: holdZones(added(after.backupZones, [...zonesBefore, ...(after.zone_id === null ? [] : [after.zone_id])]), stamp) },
    { field: 'service_offers', items: offerHolds(added(after.service_offers, before.service_offers), stamp) },
    { field: 'shooting_packages', items: holdPackages(added(after.shooting_packages, before.shooting_packages), stamp) },
  ];
  const fields = pieces.flatMap((p) => p.items.map(() => p.field));
  return {
    items: pieces.flatMap((p) => p.items),
    failure: (error, start) => {
      const codes = cancellationCodes(error);
      const failed = fields.filter((_, i) => codes?.[start + i] === 'ConditionalCheckFailed');
      return failed.length ? invalidInput(Object.fromEntries([...new Set(failed)].map((f) => [f, [REFERENCE_MISSING]]))) : undefined;
    },
  };
}

export async function getUser(id: number, { consistent = false }: { consistent?: boolean } = {}): Promise<StoredUser | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.user(id), ConsistentRead: consistent }));
  return Item ? toStoredUser(Item) : undefined;
}

type TextField = 'firstname' | 'lastname' | 'email';
export type UserName = Pick<UserRecord, 'id' | 'firstname' | 'lastname'>;

/** Some text fields of users by id, in one batch read of those attributes only; an id without a user is left out. */
export async function userFieldsById<F extends TextField>(ids: readonly number[], fields: readonly F[]): Promise<Map<number, Pick<UserRecord, 'id' | F>>> {
  const items = await batchGet(
    [...new Set(ids)].map((id) => keys.user(id)),
    { attributes: ['id', ...fields] },
  );
  return new Map(items.map((item) => [Number(item.id), { id: Number(item.id), ...Object.fromEntries(fields.map((f) => [f, String(item[f] ?? '')])) } as Pick<UserRecord, 'id' | F>]));
}

/** The names of users by id (nothing else is read, so nothing else can be answered). */
export const userNamesById = (ids: readonly number[]): Promise<Map<number, UserName>> => userFieldsById(ids, ['firstname', 'lastname']);

/** Whole users by id, in one batch read; an id without a user is left out. */
export async function usersById(ids: readonly number[]): Promise<Map<number, StoredUser>> {
  const items = await batchGet([...new Set(ids)].map((id) => keys.user(id)));
  return new Map(items.map((item) => toStoredUser(item)).map((user) => [user.id, user]));
}

export async function findUserByEmail(email: string): Promise<StoredUser | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.userEmail(email) }));
  return Item ? getUser(Item.user_id as number) : undefined;
}

/**
 * Creates a user and its unique e-mail guard together; 409 when the e-mail is taken. A depot
 * given is counted in the same transaction (400 on depot_id when it does not exist; ADR 0145).
 */
export async function insertUser(user: NewUser & { password_hash: string }): Promise<StoredUser> {
  const record = { ...userRecord.parse(user), email: normalizeEmail(user.email) };
  const item = { ...keys.user(record.id), ...keys.userByRole(record.role, record.lastname, record.id), ...record, password_hash: user.password_hash, version: 1 };
  const depotPieces = depotReferenceChange(null, record.depot_id);
  const holds = referenceHolds(NO_REFERENCES, record);
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: tableName(), Item: { ...keys.userEmail(record.email), user_id: record.id }, ConditionExpression: 'attribute_not_exists(pk)' } },
          { Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
          ...depotPieces,
          ...holds.items,
        ],
      }),
    );
  } catch (error) {
    const gone = depotReferenceFailure(error, 2, depotPieces.length) ?? holds.failure(error, 2 + depotPieces.length);
    if (gone) throw gone;
    if ((error as Error).name === 'TransactionCanceledException') throw conflict("L'usager existe déjà.");
    throw error;
  }
  return toStoredUser(item);
}

/** Replaces the password hash if the user's version is still the one read. */
/**
 * A new password, at the version read: the transaction's piece. It bumps `session_version`, which
 * ends every session of the user in the same write (ADR 0091); the caller keeps theirs by
 * restamping it in the same transaction (`sessionRestamp`).
 */
export function passwordChange(user: StoredUser, passwordHash: string, now = new Date().toISOString()): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.user(user.id),
      UpdateExpression: 'SET password_hash = :h, session_version = :sv, updated_at = :now, version = version + :one',
      ConditionExpression: 'version = :v',
      ExpressionAttributeValues: { ':h': passwordHash, ':sv': user.session_version + 1, ':now': now, ':one': 1, ':v': user.version },
    },
  };
}

/** The users of a role by last name, at most `max`. */
export async function usersOfRole(role: number, max: number): Promise<UserRecord[]> {
  const items = await queryAll(byIndex('usersByRole', keys.usersOfRole(role)), max);
  return items.map((item) => userRecord.parse(item));
}

/**
 * The user list's view of a role's users (what getUsers shows), by last name: only those
 * attributes are read (a projection, so 10,000 users are a few pages, not twenty), and items
 * missing a field are left out rather than failing the list.
 */
export type DirectoryEntry = Pick<UserRecord, 'id' | 'firstname' | 'lastname' | 'email' | 'phone_number' | 'role' | 'suspended' | 'franchise_id'>;

export async function userDirectory(role: number, max: number): Promise<DirectoryEntry[]> {
  const items = await queryAll(
    {
      ...byIndex('usersByRole', keys.usersOfRole(role)),
      ProjectionExpression: '#id, firstname, lastname, email, phone_number, #role, suspended, franchise_id',
      ExpressionAttributeNames: { '#id': 'id', '#role': 'role' },
      Limit: max,
    },
    max,
  );
  return items.flatMap((item) =>
    typeof item.id === 'number' && typeof item.firstname === 'string' && typeof item.lastname === 'string' && typeof item.email === 'string'
      ? [
          {
            id: item.id,
            firstname: item.firstname,
            lastname: item.lastname,
            email: item.email,
            phone_number: typeof item.phone_number === 'string' ? item.phone_number : null,
            role: Number(item.role),
            suspended: item.suspended === true,
            franchise_id: typeof item.franchise_id === 'number' ? item.franchise_id : null,
          },
        ]
      : [],
  );
}

/**
 * The brokers of a team who are not suspended (id and names), by last name: the brokers' role index
 * filtered on the team, so only they come back (the index is still read whole, at most
 * USERS_PER_ROLE_MAX). Items missing a name are left out.
 */
export async function activeBrokersOfTeam(teamId: number): Promise<Array<Pick<UserRecord, 'id' | 'firstname' | 'lastname'>>> {
  const brokers = byIndex('usersByRole', keys.usersOfRole(Role.broker));
  const items = await queryAll({
    ...brokers,
    FilterExpression: 'team_id = :team AND (attribute_not_exists(suspended) OR suspended = :no)',
    ExpressionAttributeValues: { ...brokers.ExpressionAttributeValues, ':team': teamId, ':no': false },
    ProjectionExpression: '#id, firstname, lastname',
    ExpressionAttributeNames: { '#id': 'id' },
  });
  return items.flatMap((item) => (typeof item.id === 'number' && typeof item.firstname === 'string' && typeof item.lastname === 'string' ? [{ id: item.id, firstname: item.firstname, lastname: item.lastname }] : []));
}

/** Every user of a role who is not suspended; items that do not parse are left out. */
export async function activeUsersOfRole(role: number): Promise<UserRecord[]> {
  return (await everyUserOfRole(role)).filter((u) => !u.suspended);
}

/** Every user of a role, suspended ones included, by last name (items missing a field left out). */
export async function everyUserOfRole(role: number): Promise<UserRecord[]> {
  const items = await queryAll(byIndex('usersByRole', keys.usersOfRole(role)));
  return items.map((item) => userRecord.safeParse(item)).flatMap((parsed) => (parsed.success ? [parsed.data] : []));
}

/** What the planning knows of a capture technician: zones, depot, home and skills. */
export type TechnicianProfile = Pick<UserRecord, 'zone_id' | 'backupZones' | 'depot_id' | 'home' | 'service_offers' | 'shooting_packages'>;

/**
 * Sets a technician's planning profile; 404-safe (false when the user does not exist). The depot
 * counters move in the same transaction, on the version read (ADR 0145).
 */
export async function setTechnicianProfile(id: number, p: TechnicianProfile): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
    const user = await getUser(id);
    if (!user) return false;
    const depotPieces = depotReferenceChange(user.depot_id, p.depot_id);
    const holds = referenceHolds(user, p);
    try {
      await transact([
        {
          Update: {
            TableName: tableName(),
            Key: keys.user(id),
            UpdateExpression: 'SET zone_id = :z, backupZones = :b, depot_id = :d, home = :h, service_offers = :o, shooting_packages = :p, updated_at = :now, version = version + :one',
            ConditionExpression: 'version = :v',
            ExpressionAttributeValues: { ':z': p.zone_id, ':b': p.backupZones, ':d': p.depot_id, ':h': p.home, ':o': p.service_offers, ':p': p.shooting_packages, ':now': new Date().toISOString(), ':one': 1, ':v': user.version },
          },
        },
        ...depotPieces,
        ...holds.items,
      ]);
      return true;
    } catch (error) {
      const gone = depotReferenceFailure(error, 1, depotPieces.length) ?? holds.failure(error, 1 + depotPieces.length);
      if (gone) throw gone;
      // The user changed between the read and the write: read again (a few times).
      if ((error as Error).name !== 'TransactionCanceledException' || attempt >= 4) throw error;
    }
  }
}

/**
 * Ends every live session of a user at once (their next call answers 401): bumps the stamp the
 * sessions were created with. User editing calls it on a role change; 404-safe (false when the
 * user does not exist).
 */
export async function bumpSessionVersion(id: number): Promise<boolean> {
  return updateExisting(id, 'SET session_version = if_not_exists(session_version, :zero) + :one, updated_at = :now, version = version + :one', { ':zero': 0 });
}

/**
 * Suspends (or reinstates) a user; a suspended user's sessions answer 401 from the next call, and
 * the stamp is bumped too, so reinstating does not bring the old sessions back.
 */
export async function setSuspended(id: number, suspended: boolean): Promise<boolean> {
  return updateExisting(
    id,
    'SET suspended = :s, session_version = if_not_exists(session_version, :zero) + :one, updated_at = :now, version = version + :one',
    { ':s': suspended, ':zero': 0 },
  );
}

async function updateExisting(id: number, update: string, values: Record<string, unknown>): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(id),
        UpdateExpression: update,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':one': 1, ':now': new Date().toISOString(), ...values },
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** The id of a new user (numbered after 1000; the seeded accounts keep theirs). */
export const newUserId = (): Promise<number> => nextId('user', 1000);

/**
 * Saves an edited user in one transaction, on the version read (docs/decisions/0150):
 * - the user item, conditioned on `version` (409 when it changed meanwhile: no lost update), with
 *   its role index from `keys.userByRole`, the password hash kept, and `session_version` bumped
 *   when the role or the suspension changes, so the user's live sessions end at once (ADR 0091);
 * - on a new e-mail, the new guard (409 "L'usager existe déjà." when taken) and the old one's removal;
 * - the depot counters (`depotReferenceChange`, 400 on depot_id when the depot is gone; ADR 0145);
 * - `alongside`: the caller's own pieces (unconditioned: a calendar feed's revocation, ADR 0670).
 */
export async function replaceUser(stored: StoredUser, next: UserRecord, now = new Date(), alongside: readonly TransactItem[] = []): Promise<StoredUser> {
  const record = { ...userRecord.parse({ ...next, id: stored.id, created_at: stored.created_at, updated_at: now.toISOString() }), email: normalizeEmail(next.email) };
  const endsSessions = record.role !== stored.role || record.suspended !== stored.suspended;
  const item = {
    ...keys.user(record.id),
    ...keys.userByRole(record.role, record.lastname, record.id),
    ...record,
    password_hash: stored.password_hash,
    version: stored.version + 1,
    session_version: stored.session_version + (endsSessions ? 1 : 0),
  };
  const emailChanged = record.email !== normalizeEmail(stored.email);
  const guards: TransactItem[] = emailChanged
    ? [
        { Put: { TableName: tableName(), Item: { ...keys.userEmail(record.email), user_id: record.id }, ConditionExpression: 'attribute_not_exists(pk)' } },
        { Delete: { TableName: tableName(), Key: keys.userEmail(stored.email), ConditionExpression: 'attribute_not_exists(pk) OR user_id = :id', ExpressionAttributeValues: { ':id': record.id } } },
      ]
    : [];
  const depotPieces = depotReferenceChange(stored.depot_id, record.depot_id);
  const holds = referenceHolds(stored, record);
  try {
    await transact([
      { Put: { TableName: tableName(), Item: item, ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': stored.version } } },
      ...guards,
      ...depotPieces,
      ...holds.items,
      ...alongside,
    ]);
  } catch (error) {
    const codes = cancellationCodes(error);
    if (!codes) throw error;
    if (codes[0] === 'ConditionalCheckFailed') throw conflict(USER_MESSAGES.changedMeanwhile);
    if (emailChanged && codes[1] === 'ConditionalCheckFailed') throw conflict(USER_MESSAGES.exists);
    const gone = depotReferenceFailure(error, 1 + guards.length, depotPieces.length) ?? holds.failure(error, 1 + guards.length + depotPieces.length);
    if (gone) throw gone;
    // Another transaction held one of the items (TransactionConflict): the form retries from a fresh read.
    throw conflict(USER_MESSAGES.changedMeanwhile);
  }
  return toStoredUser(item);
}

function toStoredUser(item: Record<string, unknown>): StoredUser {
  return {
    ...userRecord.parse(item),
    password_hash: String(item.password_hash ?? ''),
    version: Number(item.version ?? 1),
    session_version: Number(item.session_version ?? 0),
  };
}

/**
 * The social page linked to a broker (part 3 §7 'link page to broker'; ADR 0241): a transaction
 * piece on the version read, so a link never overwrites an edit made meanwhile.
 */
export function setBrokerPagePiece(user: Pick<StoredUser, 'id' | 'version'>, page: { page_id: string; page_name: string }, now = new Date()): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.user(user.id),
      UpdateExpression: 'SET broker_facebook_business_page = :p, updated_at = :now, version = version + :one',
      ConditionExpression: 'version = :v',
      ExpressionAttributeValues: { ':p': page, ':now': now.toISOString(), ':one': 1, ':v': user.version },
    },
  };
}

export function publicUser(user: UserRecord): UserRecord {
  return userRecord.parse(user);
}
