import { describe, expect, it } from 'vitest';
import { putUserData, USER_MESSAGES } from '#shared/catalogue/users.ts';
import { Role } from '#shared/roles.ts';
import { serverIssues, shownFields, splitIssues, technicianIssues } from './form-check.ts';

/** The seeded post-production technician's own form, as read: role 5 without depot, zone, package or offer. */
const postprod = {
  id: 105,
  version: 1,
  firstname: 'Pauline',
  lastname: 'Bouchard',
  email: 'tech-postprod@demo.immo.test',
  phone_number: '514 555 0101',
  role: Role.tech_postprod,
  depot_id: null,
  zone_id: null,
  backupZones: [],
  service_offers: [],
  shooting_packages: [],
};

describe('the user form checks what it shows (part 2 §6)', () => {
  it('shows a non-admin only their own contact fields; the admin levels the fields of the role', () => {
    // The pixel is not among part 2 §6's admin-level fields: every caller sees it.
    expect([...shownFields(false, Role.tech_postprod, false)].sort()).toEqual(['email', 'firstname', 'lastname', 'notification_email', 'notification_phone_number', 'phone_number', 'pixel_id']);
    const admin = shownFields(true, Role.tech_postprod, false);
    for (const field of ['role', 'depot_id', 'zone_id', 'shooting_packages', 'service_offers', 'broker_code', 'suspended']) expect(admin.has(field)).toBe(true);
    expect(admin.has('subscription_id')).toBe(false);
    const broker = shownFields(true, Role.broker, true);
    expect([broker.has('subscription_id'), broker.has('broker_code'), broker.has('depot_id'), broker.has('password')]).toEqual([true, false, false, true]);
  });

  it("lets a role-5 user save their own profile: the put schema leaves the technician fields to the caller's level", () => {
    const parsed = putUserData.input.safeParse(postprod);
    expect(parsed.success).toBe(true);
  });

  it('holds an admin-level save of the same user to §5, on fields the admin sees', () => {
    const issues = technicianIssues(postprod);
    expect(issues.map((i) => [i.path[0], i.message])).toEqual([
      ['depot_id', USER_MESSAGES.required],
      ['zone_id', USER_MESSAGES.required],
      ['shooting_packages', USER_MESSAGES.atLeastOne],
      ['service_offers', USER_MESSAGES.atLeastOne],
    ]);
    const split = splitIssues(issues, shownFields(true, Role.tech_postprod, false));
    expect([split.shown.length, split.hidden.length]).toEqual([4, 0]);
  });

  it('puts an issue on a field the caller does not see apart (said by the outcome, never a silent refusal), one per field', () => {
    const split = splitIssues(
      [
        { path: ['depot_id'], message: USER_MESSAGES.required },
        { path: ['email'], message: USER_MESSAGES.email },
        { path: ['email'], message: USER_MESSAGES.required },
      ],
      shownFields(false, Role.tech_postprod, false),
    );
    expect(split.shown).toEqual([{ path: ['email'], message: USER_MESSAGES.email }]);
    expect(split.hidden.map((i) => i.path[0])).toEqual(['depot_id']);
  });

  it("puts the server's error on a list entry ('notification_phone_number.1') on its field, a field's first message", () => {
    const issues = serverIssues({ 'notification_phone_number.1': ['Invalid phone number'], email: [USER_MESSAGES.email, USER_MESSAGES.required], 'depot_id.0': [] });
    expect(issues).toEqual([
      { path: ['notification_phone_number', 1], message: 'Invalid phone number' },
      { path: ['email'], message: USER_MESSAGES.email },
      { path: ['depot_id', 0], message: '' },
    ]);
    const split = splitIssues(issues, shownFields(false, Role.tech_postprod, false));
    expect(split.shown.map((i) => i.path[0])).toEqual(['notification_phone_number', 'email']);
    expect(split.hidden.map((i) => i.path[0])).toEqual(['depot_id']);
  });
});
