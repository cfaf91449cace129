import type { HmdSortColumn, HmdUser, HmdView } from '#shared/catalogue/hmd.ts';
import { invalidInput } from '../plumbing/errors.ts';
import type { StoredHmd } from '../storage/hmds.ts';
import { getUser, userFieldsById } from '../storage/users.ts';
import { foldText } from '#shared/rules/fold-text.ts';
import { once } from '#shared/once.ts';

/** Headsets as answered: each with its assigned user as that user is now (docs/decisions/0130). */
export async function hmdViews(hmds: readonly StoredHmd[]): Promise<HmdView[]> {
  const users: ReadonlyMap<number, HmdUser> = await userFieldsById(
    hmds.flatMap((h) => (h.user_id === null ? [] : [h.user_id])),
    ['firstname', 'lastname', 'email'],
  );
  return hmds.map(({ id, serial_number, city, postalcode, user_id, notes, version, updated_at }) => ({
    id,
    serial_number,
    city,
    postalcode,
    user_id,
    user: user_id === null ? null : (users.get(user_id) ?? null),
    notes,
    version,
    updated_at,
  }));
}

export const hmdView = async (hmd: StoredHmd): Promise<HmdView> => (await hmdViews([hmd]))[0]!;

/** The user a headset is being assigned to must exist: 400 with a field error on `user_id` otherwise. */
export async function assignableUser(userId: number): Promise<void> {
  if (!(await getUser(userId))) throw invalidInput({ user_id: ['No user has this id.'] });
}

const userName = (user: HmdUser | null) => (user ? `${user.lastname} ${user.firstname}` : null);

function columnOf(hmd: HmdView, column: HmdSortColumn): string | number | null {
  if (column === 'id') return hmd.id;
  if (column === 'user') return userName(hmd.user);
  if (column === 'notes') return hmd.notes || null;
  return hmd[column];
}

const collator = once(() => new Intl.Collator('fr', { sensitivity: 'base', numeric: true }));

/**
 * The list screen's search (every shown column and the user's e-mail contain the text, case and
 * accents ignored) and sort (one column, blanks last either way, then by serial number).
 */
export function searchAndSort(hmds: readonly HmdView[], search: string, column: HmdSortColumn, direction: 'asc' | 'desc'): HmdView[] {
  const wanted = foldText(search);
  const found = wanted
    ? hmds.filter((h) => foldText([h.serial_number, h.city, h.postalcode, h.notes, userName(h.user), h.user && `${h.user.firstname} ${h.user.lastname}`, h.user?.email].filter(Boolean).join('\n')).includes(wanted))
    : [...hmds];
  const sign = direction === 'asc' ? 1 : -1;
  return found.sort((a, b) => {
    const x = columnOf(a, column);
    const y = columnOf(b, column);
    if (x === null || y === null) {
      if (x !== y) return x === null ? 1 : -1;
    } else {
      const order = typeof x === 'number' && typeof y === 'number' ? x - y : collator().compare(String(x), String(y));
      if (order !== 0) return sign * order;
    }
    return collator().compare(a.serial_number, b.serial_number) || a.id - b.id;
  });
}
