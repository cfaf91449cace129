import type { UserListEntry } from '#shared/catalogue/users.ts';

/**
 * The user list's name search (part 2 §5: compared in lower case against the typed text): first
 * name, last name, both orders, and the e-mail. The text is lowered once; each user's haystack is
 * built once per list (`searchIndex`), so filtering 10,000 users is one `includes` each.
 */
export type SearchIndex = ReadonlyArray<{ user: UserListEntry; haystack: string }>;

export function searchIndex(users: readonly UserListEntry[]): SearchIndex {
  return users.map((user) => ({ user, haystack: `${user.firstname} ${user.lastname}\n${user.lastname} ${user.firstname}\n${user.email}`.toLowerCase() }));
}

export function filterUsers(index: SearchIndex, typed: string): UserListEntry[] {
  const text = typed.trim().toLowerCase();
  return text ? index.filter((entry) => entry.haystack.includes(text)).map((entry) => entry.user) : index.map((entry) => entry.user);
}
