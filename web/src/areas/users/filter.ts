import type { UserListEntry } from '#shared/catalogue/users.ts';
import { foldText } from '#shared/rules/fold-text.ts';

/**
 * The user list's name search (part 2 §5: compared in lower case against the typed text; accents
 * aside too, as the other searches): first name, last name, both orders, and the e-mail. The text is
 * folded once; each user's haystack is built once per list (`searchIndex`), so filtering 10,000 users
 * is one `includes` each.
 */
export type SearchIndex = ReadonlyArray<{ user: UserListEntry; haystack: string }>;

/** Folded, and a hyphen read as a space: 'marc andre' finds Marc-André. */
const searchable = (text: string) => foldText(text).replace(/-/g, ' ');

export function searchIndex(users: readonly UserListEntry[]): SearchIndex {
  return users.map((user) => ({ user, haystack: searchable(`${user.firstname} ${user.lastname}\n${user.lastname} ${user.firstname}\n${user.email}`) }));
}

export function filterUsers(index: SearchIndex, typed: string): UserListEntry[] {
  const text = searchable(typed.trim());
  return text ? index.filter((entry) => entry.haystack.includes(text)).map((entry) => entry.user) : index.map((entry) => entry.user);
}
