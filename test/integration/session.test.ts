import { describe, expect, it } from 'vitest';
import { GetCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { loginWithPassword, tokenFor } from '../support/api.ts';
import { bodyOf, callOp, errorOf } from '../support/operations.ts';
import { db, tableName } from '#functions/plumbing/aws.ts';
import { hashToken } from '#functions/plumbing/sessions.ts';
import { keys } from '#functions/plumbing/keys.ts';
import { hashPassword } from '#functions/plumbing/passwords.ts';
import { nextId } from '#functions/plumbing/ids.ts';
import { insertUser } from '#functions/storage/users.ts';
import type { InputOf } from '#shared/catalogue/index.ts';
import { changePassword, getUserFromToken, logout } from '#shared/catalogue/session.ts';
import { PASSWORD_MESSAGES } from '#shared/rules/password.ts';
import { SESSION_LIFETIME_SECONDS } from '#shared/rules/session.ts';
import { Role } from '#shared/roles.ts';
import { DEMO_PASSWORD, demoAccount } from '../../scripts/local/demo-accounts.ts';
import { expireSessionsOf } from '../support/sessions.ts';
import { loginFrom, newClientAddress, newUser } from './session-support.ts';


describe('login', () => {
  it('answers a 256-bit token and the user, and stores only the hash with a 15-day TTL', async () => {
    const broker = demoAccount(Role.broker);
    const res = await loginWithPassword(broker.email, DEMO_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: broker.id, role: Role.broker });
    const token = res.body.token;
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(32);

    const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.session(hashToken(token)) }));
    expect(Item).toBeDefined();
    const lifetime = Date.parse(Item!.expires_at) - Date.parse(Item!.created_at);
    expect(lifetime).toBe(SESSION_LIFETIME_SECONDS * 1000);
    expect(Item!.ttl).toBe(Math.ceil(Date.parse(Item!.expires_at) / 1000));

    const { Items = [] } = await db.send(new ScanCommand({ TableName: tableName() }));
    expect(JSON.stringify(Items)).not.toContain(token);
  });

  it('accepts the e-mail in any case and with spaces', async () => {
    const res = await loginWithPassword('  BROKER@demo.immo.test ', DEMO_PASSWORD);
    expect(res.status).toBe(200);
  });

  it('answers the same 401 for a wrong password and an unknown e-mail', async () => {
    const user = await newUser(Role.broker);
    const address = newClientAddress();
    const wrong = await loginFrom(address, user.email, 'nope-nope');
    const unknown = await loginFrom(address, `ghost-${user.id}@test.example`, 'nope-nope');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('refuses a suspended account like a wrong password', async () => {
    const id = await nextId('user', 1000);
    const now = new Date().toISOString();
    await insertUser({ id, role: 3, email: `susp${id}@test.example`, firstname: 'S', lastname: 'S', suspended: true, password_hash: await hashPassword('right-pass'), created_at: now, updated_at: now });
    expect((await loginFrom(newClientAddress(), `susp${id}@test.example`, 'right-pass')).status).toBe(401);
  });

  it('after 5 failures in 15 minutes answers 429 whatever the password, for known and unknown e-mails alike', async () => {
    const user = await newUser(Role.tech_capture);
    const ghost = `ghost-${user.id}@test.example`;
    const address = newClientAddress();
    for (let i = 0; i < 5; i++) {
      expect((await loginFrom(address, user.email, `wrong-${i}`)).status).toBe(401);
      expect((await loginFrom(address, ghost, `wrong-${i}`)).status).toBe(401);
    }
    const right = await loginFrom(address, user.email, user.password);
    const ghostAfter = await loginFrom(address, ghost, 'whatever');
    expect(right.status).toBe(429);
    expect(ghostAfter.status).toBe(429);
    expect(ghostAfter.body).toEqual(right.body);
    // Another account is not affected.
    expect((await loginWithPassword(demoAccount(Role.sales).email, DEMO_PASSWORD)).status).toBe(200);
  });

  it('counts concurrent failures without losing any', async () => {
    const user = await newUser(Role.broker);
    const address = newClientAddress();
    await Promise.all(Array.from({ length: 5 }, (_, i) => loginFrom(address, user.email, `bad-${i}`)));
    expect((await loginFrom(address, user.email, user.password)).status).toBe(429);
  });
});

/** The session's user (anonymous without a token). */
const me = (token?: string) => callOp(getUserFromToken, {}, token);

describe('user from token, logout, expiry', () => {
  it('answers the user of a live token and 401 without one', async () => {
    const { token, account } = await tokenFor(Role.admin);
    expect(bodyOf(await me(token)).user.id).toBe(account.id);
    errorOf(await me(), 401);
    errorOf(await me('forged-token'), 401);
  });

  it('revokes the token at logout', async () => {
    const { token } = await tokenFor(Role.sales);
    bodyOf(await callOp(logout, {}, token));
    errorOf(await me(token), 401);
  });

  it('refuses a session past its 15 days even before TTL removes it', async () => {
    const user = await newUser(Role.releaser);
    const login = await loginWithPassword(user.email, user.password);
    await expireSessionsOf(user.email);
    errorOf(await me(login.body.token), 401);
  });
});

describe('change password', () => {
  const changeOf = (userId: number, token: string, input: Omit<InputOf<typeof changePassword>, 'userId'>) => callOp(changePassword, { ...input, userId }, token);

  it('asks the old password of roles other than 1 and 2: 409 with the spec message when wrong', async () => {
    const user = await newUser(Role.broker);
    const { body } = await loginWithPassword(user.email, user.password);
    const res = await changeOf(user.id, body.token, { oldPassword: 'not-it', password: 'second-pass', confirmation: 'second-pass', first_login: true });
    expect(errorOf(res, 409).message).toBe(PASSWORD_MESSAGES.wrongOld);
    const missing = await changeOf(user.id, body.token, { password: 'second-pass', confirmation: 'second-pass' });
    expect(missing.status).toBe(400);
  });

  it('applies the six-character and confirmation rules with the spec messages', async () => {
    const user = await newUser(Role.broker);
    const { body } = await loginWithPassword(user.email, user.password);
    const short = await changeOf(user.id, body.token, { oldPassword: user.password, password: 'abc', confirmation: 'abc' });
    expect(errorOf(short, 400).fields?.password).toContain(PASSWORD_MESSAGES.tooShort);
    const mismatch = await changeOf(user.id, body.token, { oldPassword: user.password, password: 'abcdef', confirmation: 'abcdeg' });
    expect(errorOf(mismatch, 400).fields?.confirmation).toContain(PASSWORD_MESSAGES.mismatch);
  });

  it('changes the password, keeps the caller session and revokes the others', async () => {
    const user = await newUser(Role.tech_capture);
    const first = (await loginWithPassword(user.email, user.password)).body.token;
    const second = (await loginWithPassword(user.email, user.password)).body.token;
    const res = await changeOf(user.id, first, { oldPassword: user.password, password: 'brand-new', confirmation: 'brand-new', first_login: true });
    expect(bodyOf(res).message).toBe(PASSWORD_MESSAGES.changed);
    bodyOf(await me(first));
    errorOf(await me(second), 401);
    expect((await loginWithPassword(user.email, user.password)).status).toBe(401);
    expect((await loginWithPassword(user.email, 'brand-new')).status).toBe(200);
  });

  it('lets admin levels change anyone without the old password, revoking all that user\'s sessions', async () => {
    const user = await newUser(Role.tech_postprod);
    const theirs = (await loginWithPassword(user.email, user.password)).body.token;
    const { token: admin } = await tokenFor(Role.admin);
    const res = await changeOf(user.id, admin, { password: 'set-by-admin', confirmation: 'set-by-admin' });
    expect(res.status).toBe(200);
    errorOf(await me(theirs), 401);
    bodyOf(await me(admin));
  });

  it("refuses a non-admin changing someone else's password", async () => {
    const user = await newUser(Role.broker);
    const { token } = await tokenFor(Role.tech_capture);
    const res = await changeOf(user.id, token, { oldPassword: user.password, password: 'hijacked', confirmation: 'hijacked' });
    expect(res.status).toBe(403);
  });

  it('answers 404 for an unknown user', async () => {
    const { token } = await tokenFor(Role.superadmin);
    expect((await changeOf(999_999, token, { password: 'abcdef', confirmation: 'abcdef' })).status).toBe(404);
  });
});
