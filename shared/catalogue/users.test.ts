import { describe, expect, it } from 'vitest';
import { Role } from '../roles.ts';
import { USER_REFERENCES_MAX, createUser, putUserData } from './users.ts';
import { USER_MESSAGES } from '../messages/users.ts';

/**
 * A save writes one transaction piece per zone, offer and package it newly holds, beside the user,
 * its e-mail guards and the depots' counters; DynamoDB refuses a transaction of more than 100 pieces
 * (a 500). The schemas refuse more than USER_REFERENCES_MAX references together, on the field.
 */
describe('how many zones, offers and packages a user holds together', () => {
  const fields = { firstname: 'A', lastname: 'B', email: 'a@b.ca', role: Role.tech_capture, depot_id: 1, zone_id: 1 };
  const ids = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);
  const split = (n: number) => ({ backupZones: ids(1, n - 20), service_offers: ids(1, 10), shooting_packages: ids(1, 10) });

  it(`takes ${USER_REFERENCES_MAX}, refuses one more on backupZones, counts an id sent twice once`, () => {
    const put = (refs: object) => putUserData.input.safeParse({ ...fields, id: 5, version: 1, ...refs });
    expect(put(split(USER_REFERENCES_MAX)).success).toBe(true);
    const refused = put(split(USER_REFERENCES_MAX + 1));
    expect(refused.success).toBe(false);
    expect(refused.error?.issues).toEqual([expect.objectContaining({ path: ['backupZones'], message: USER_MESSAGES.tooManyReferences })]);
    expect(put({ ...split(USER_REFERENCES_MAX), service_offers: [...ids(1, 10), 1, 2] }).success).toBe(true);
    const create = createUser.input.safeParse({ ...fields, password: 'secret1', confirmation: 'secret1', ...split(USER_REFERENCES_MAX + 1) });
    expect(create.error?.issues.map((i) => i.message)).toEqual([USER_MESSAGES.tooManyReferences]);
  });
});

describe('a hostile phone number', () => {
  it('gets the length error alone, without the phone check running on it', () => {
    const long = `1${' '.repeat(100_000)}a`;
    const put = putUserData.input.safeParse({ firstname: 'A', lastname: 'B', email: 'a@b.ca', role: Role.admin, id: 5, version: 1, notification_phone_number: ['514 555 0199', long] });
    expect(put.error?.issues.map((i) => [i.path.join('.'), i.code])).toEqual([['notification_phone_number.1', 'too_big']]);
  });
});
