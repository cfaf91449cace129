import { describe, expect, it } from 'vitest';
import type { UserListEntry } from '#shared/catalogue/users.ts';
import { filterUsers, searchIndex } from './filter.ts';

const user = (id: number, firstname: string, lastname: string, email = `${firstname}.${lastname}@x.test`.toLowerCase()): UserListEntry => ({
  id,
  firstname,
  lastname,
  email,
  phone_number: null,
  role: 3,
  suspended: false,
  franchise: null,
});

describe('the user list search (part 2 §5: lower-case compare)', () => {
  const index = searchIndex([user(1, 'Marie', 'Tremblay'), user(2, 'Jean', 'Côté'), user(3, 'Luc', 'Roy', 'luc@tremblay.test')]);

  it('matches first name, last name, both orders and the e-mail, whatever the case typed', () => {
    expect(filterUsers(index, 'TREMB').map((u) => u.id)).toEqual([1, 3]);
    expect(filterUsers(index, 'marie trem').map((u) => u.id)).toEqual([1]);
    expect(filterUsers(index, 'Tremblay Marie').map((u) => u.id)).toEqual([1]);
    expect(filterUsers(index, 'côté').map((u) => u.id)).toEqual([2]);
  });

  it('ignores accents either way, as the listing and broker searches do', () => {
    expect(filterUsers(index, 'jean cote').map((u) => u.id)).toEqual([2]);
    expect(filterUsers(searchIndex([user(4, 'Marc', 'Andre')]), 'André').map((u) => u.id)).toEqual([4]);
    // A hyphenated first name, with or without its hyphen; an e-mail's hyphen too.
    const hyphens = searchIndex([user(5, 'Marc-André', 'Lefèbvre', 'marc-andre@x.test')]);
    expect(filterUsers(hyphens, 'marc andre lefebvre').map((u) => u.id)).toEqual([5]);
    expect(filterUsers(hyphens, 'Marc-André').map((u) => u.id)).toEqual([5]);
    expect(filterUsers(hyphens, 'marc-andre@x').map((u) => u.id)).toEqual([5]);
  });

  it('keeps every user for a blank search and none for an unknown text', () => {
    expect(filterUsers(index, '   ')).toHaveLength(3);
    expect(filterUsers(index, 'zzz')).toEqual([]);
  });
});
