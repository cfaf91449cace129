import { describe, expect, it, vi } from 'vitest';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { newClientAddress, newUser, callFrom, loginFrom } from './session-support.ts';
import { bodyOf, callOp } from '../support/operations.ts';
import { getUserFromToken } from '#shared/catalogue/session.ts';
import { db, tableName } from '#functions/plumbing/aws.ts';
import { keys } from '#functions/plumbing/keys.ts';
import { CLIENT_LIMIT } from '#functions/plumbing/login-throttle.ts';
import { take, release, type RateRule } from '#functions/plumbing/rate-limit.ts';
import { createSession, findSession, sessionUserOf } from '#functions/plumbing/sessions.ts';
import { bumpSessionVersion, getUser, setSuspended } from '#functions/storage/users.ts';
import { PASSWORD_MESSAGES } from '#shared/rules/password.ts';
import { LOGIN_CLIENT_MAX_FAILURES } from '#shared/rules/session.ts';
import { Role } from '#shared/roles.ts';

type ErrorBody = { error?: { code: string; message: string } };

const windowStart = (rule: RateRule, now = Date.now()) => now - (now % (rule.windowSeconds * 1000));
async function taken(rule: RateRule, subject: string): Promise<number> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.rateWindow(rule.scope, subject, windowStart(rule)), ConsistentRead: true }));
  return Number(Item?.taken ?? 0);
}
async function failuresOf(email: string): Promise<number> {
  const { Count = 0 } = await db.send(
    new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.loginFailure(email, 0, '').pk }, Select: 'COUNT', ConsistentRead: true }),
  );
  return Count;
}
async function sessionOf(userId: number): Promise<string> {
  const user = (await getUser(userId))!;
  return (await createSession(sessionUserOf(user), user.session_version)).token;
}
const me = (token: string) => callOp(getUserFromToken, {}, token);
const changeFrom = (address: string, userId: number, token: string, body: Record<string, unknown>) =>
  callFrom<ErrorBody & { message?: string }>(address, 'POST', `/api/users/${userId}/password`, { token, body });

describe('rate windows (the limiter under the login and feedback limits)', () => {
  it('lets exactly `limit` of many concurrent takers through and loses no count', async () => {
    const rule: RateRule = { scope: 'TEST', limit: 10, windowSeconds: 3600 };
    const subject = `concurrent-${Date.now()}`;
    const slots = await Promise.all(Array.from({ length: 25 }, () => take(rule, subject)));
    expect(slots.filter(Boolean)).toHaveLength(10);
    expect(await taken(rule, subject)).toBe(10);
    await Promise.all(slots.filter((s) => s !== undefined).slice(0, 4).map((s) => release(s)));
    expect(await taken(rule, subject)).toBe(6);
  });
});

describe('login limit per client address', () => {
  it('counts failed logins of the address, and a successful login gives its attempt back', async () => {
    const address = newClientAddress();
    const user = await newUser(Role.broker);
    for (let i = 0; i < 3; i++) expect((await loginFrom(address, `ghost-${i}-${user.id}@test.example`, 'nope-nope')).status).toBe(401);
    expect(await taken(CLIENT_LIMIT, address)).toBe(3);
    expect((await loginFrom(address, user.email, user.password)).status).toBe(200);
    expect(await taken(CLIENT_LIMIT, address)).toBe(3);
  });

  it(`after ${LOGIN_CLIENT_MAX_FAILURES} failures refuses every login of that address with 429 before checking the password, other addresses unaffected`, async () => {
    const address = newClientAddress();
    const user = await newUser(Role.broker);
    // Fill the address's window as 50 failed logins would (without 50 scrypt hashes).
    for (let i = 0; i < LOGIN_CLIENT_MAX_FAILURES; i++) expect(await take(CLIENT_LIMIT, address)).toBeDefined();
    const refused = await loginFrom(address, user.email, user.password);
    expect(refused.status).toBe(429);
    expect(refused.body.error?.message).toMatch(/^Too many failed logins from your address\. Try again in (1 minute|\d+ minutes)\.$/);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(CLIENT_LIMIT.windowSeconds);
    const wrong = await loginFrom(address, user.email, 'wrong-password');
    expect(wrong.status).toBe(429);
    // Refused before the password check: nothing counted against the account.
    expect(await failuresOf(user.email)).toBe(0);
    expect(await taken(CLIENT_LIMIT, address)).toBe(LOGIN_CLIENT_MAX_FAILURES);
    expect((await loginFrom(newClientAddress(), user.email, user.password)).status).toBe(200);
  });

  it('refuses changePassword from a throttled address too', async () => {
    const address = newClientAddress();
    const user = await newUser(Role.broker);
    const token = await sessionOf(user.id);
    for (let i = 0; i < LOGIN_CLIENT_MAX_FAILURES; i++) await take(CLIENT_LIMIT, address);
    const res = await changeFrom(address, user.id, token, { oldPassword: user.password, password: 'second-pass', confirmation: 'second-pass' });
    expect(res.status).toBe(429);
    expect((await changeFrom(newClientAddress(), user.id, token, { oldPassword: user.password, password: 'second-pass', confirmation: 'second-pass' })).status).toBe(200);
  });
});

describe('changePassword and the account lock', () => {
  it('counts wrong old passwords toward the login lock: 409 until locked, then 429 for every try and for login', async () => {
    const address = newClientAddress();
    const user = await newUser(Role.tech_capture);
    const token = await sessionOf(user.id);
    const attempt = (oldPassword: string) => changeFrom(address, user.id, token, { oldPassword, password: 'second-pass', confirmation: 'second-pass' });
    for (let i = 0; i < 4; i++) {
      const res = await attempt(`guess-${i}`);
      expect(res.status).toBe(409);
      expect(res.body.error?.message).toBe(PASSWORD_MESSAGES.wrongOld);
    }
    const fifth = await attempt('guess-4');
    expect(fifth.status).toBe(429);
    expect(fifth.body.error?.message).toBe('Too many failed logins. Try again in 15 minutes.');
    expect(Number(fifth.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(fifth.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect((await attempt(user.password)).status).toBe(429);
    expect((await loginFrom(newClientAddress(), user.email, user.password)).status).toBe(429);
    // The password did not change.
    expect((await getUser(user.id))!.version).toBe(1);
  });

  it('mixes login failures and wrong old passwords in the same five', async () => {
    const address = newClientAddress();
    const user = await newUser(Role.broker);
    const token = await sessionOf(user.id);
    for (let i = 0; i < 3; i++) expect((await loginFrom(address, user.email, `bad-${i}`)).status).toBe(401);
    expect((await changeFrom(address, user.id, token, { oldPassword: 'bad-3', password: 'second-pass', confirmation: 'second-pass' })).status).toBe(409);
    expect((await changeFrom(address, user.id, token, { oldPassword: 'bad-4', password: 'second-pass', confirmation: 'second-pass' })).status).toBe(429);
  });
});

describe('how long a locked account waits', () => {
  it('says the time the lock still runs, not its full length, in the message and in Retry-After', async () => {
    const user = await newUser(Role.broker);
    // A lock taken 10 min 50 s ago: 4 min 10 s left.
    const until = Date.now() + 250_000;
    await db.send(new PutCommand({ TableName: tableName(), Item: { ...keys.loginLock(user.email), locked_until: until, ttl: Math.ceil(until / 1000) } }));
    const refused = await loginFrom(newClientAddress(), user.email, user.password);
    expect(refused.status).toBe(429);
    expect(refused.body.error?.message).toBe('Too many failed logins. Try again in 5 minutes.');
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(240);
    expect(wait).toBeLessThanOrEqual(250);
  });
});

describe('changePassword never reaches above the caller', () => {
  it("refuses an admin changing the superadmin's password (403); allows a peer admin's and the superadmin changing an admin's", async () => {
    const superadmin = await newUser(Role.superadmin);
    const admin = await newUser(Role.admin);
    const peer = await newUser(Role.admin);
    const adminToken = await sessionOf(admin.id);
    const address = newClientAddress();
    const up = await changeFrom(address, superadmin.id, adminToken, { password: 'taken-over', confirmation: 'taken-over' });
    expect(up.status).toBe(403);
    expect((await getUser(superadmin.id))!.version).toBe(1);
    expect((await changeFrom(address, peer.id, adminToken, { password: 'peer-reset', confirmation: 'peer-reset' })).status).toBe(200);
    expect((await changeFrom(address, admin.id, await sessionOf(superadmin.id), { password: 'down-reset', confirmation: 'down-reset' })).status).toBe(200);
  });
});

describe('a session read from a stale copy', () => {
  it('is read again consistently before it is refused: one\'s own password change does not log one out', async () => {
    const user = await newUser(Role.broker);
    const token = await sessionOf(user.id);
    // Just after the change, an eventually consistent read may still return the user before it.
    const send = db.send.bind(db);
    const spy = vi.spyOn(db, 'send').mockImplementation((async (command: GetCommand) => {
      const answer = (await send(command as Parameters<typeof send>[0])) as { Item?: Record<string, unknown> };
      const userRead = command instanceof GetCommand && command.input.Key?.pk === keys.user(user.id).pk;
      return userRead && !command.input.ConsistentRead && answer.Item ? { ...answer, Item: { ...answer.Item, session_version: Number(answer.Item.session_version ?? 0) + 1 } } : answer;
    }) as typeof db.send);
    try {
      expect(await findSession(token)).toMatchObject({ user: { id: user.id } });
    } finally {
      spy.mockRestore();
    }
    // A session really behind its user is still refused.
    expect(await bumpSessionVersion(user.id)).toBe(true);
    expect(await findSession(token)).toBeUndefined();
  });
});

describe('sessions follow the user', () => {
  it('a bumped session version ends every live session at once; a new login works', async () => {
    const address = newClientAddress();
    const user = await newUser(Role.broker);
    const first = (await loginFrom(address, user.email, user.password)).body.token;
    const second = (await loginFrom(address, user.email, user.password)).body.token;
    expect((await me(first)).status).toBe(200);
    expect(await bumpSessionVersion(user.id)).toBe(true);
    expect((await me(first)).status).toBe(401);
    expect((await me(second)).status).toBe(401);
    const again = await loginFrom(address, user.email, user.password);
    expect(again.status).toBe(200);
    expect((await me(again.body.token)).status).toBe(200);
    expect(await bumpSessionVersion(987_654_321)).toBe(false);
  });

  it('suspending a user ends their sessions, and reinstating does not bring them back', async () => {
    const user = await newUser(Role.tech_postprod);
    const token = await sessionOf(user.id);
    expect((await me(token)).status).toBe(200);
    expect(await setSuspended(user.id, true)).toBe(true);
    expect((await me(token)).status).toBe(401);
    await setSuspended(user.id, false);
    expect((await me(token)).status).toBe(401);
    expect((await me(await sessionOf(user.id))).status).toBe(200);
  });

  it('a changed role or a deleted user ends the session', async () => {
    const changed = await newUser(Role.sales);
    const token = await sessionOf(changed.id);
    await db.send(new UpdateCommand({ TableName: tableName(), Key: keys.user(changed.id), UpdateExpression: 'SET #r = :r', ExpressionAttributeNames: { '#r': 'role' }, ExpressionAttributeValues: { ':r': Role.admin } }));
    expect((await me(token)).status).toBe(401);

    const deleted = await newUser(Role.sales);
    const theirs = await sessionOf(deleted.id);
    expect((await me(theirs)).status).toBe(200);
    await db.send(new DeleteCommand({ TableName: tableName(), Key: keys.user(deleted.id) }));
    expect((await me(theirs)).status).toBe(401);
  });

  it("answers the user's current names, not the ones of login time", async () => {
    const user = await newUser(Role.broker);
    const token = await sessionOf(user.id);
    await db.send(new UpdateCommand({ TableName: tableName(), Key: keys.user(user.id), UpdateExpression: 'SET firstname = :f', ExpressionAttributeValues: { ':f': 'Renamed' } }));
    expect(bodyOf(await me(token)).user.firstname).toBe('Renamed');
  });
});
