import { describe, expect, it } from 'vitest';
import type { HmdView } from '#shared/catalogue/hmd.ts';
import { searchAndSort } from './hmd-views.ts';

const hmd = (id: number, serial_number: string, extra: Partial<HmdView> = {}): HmdView => ({
  id,
  serial_number,
  city: null,
  postalcode: null,
  user_id: null,
  user: null,
  notes: '',
  version: 1,
  updated_at: '2026-11-22T00:00:00.000Z',
  ...extra,
});

const carl = { id: 104, firstname: 'Carl', lastname: 'Côté', email: 'tech-capture@demo.immo.test' };
const list = [
  hmd(1, 'HMD-10', { city: 'Québec' }),
  hmd(2, 'hmd-2', { user_id: 104, user: carl, notes: 'Étui bleu' }),
  hmd(3, 'HMD-1', { city: 'Laval' }),
];
const ids = (hmds: HmdView[]) => hmds.map((h) => h.id);

describe('searchAndSort (the /HmdList search and sort)', () => {
  it('sorts serial numbers case-blind with numbers in numeric order', () => {
    expect(ids(searchAndSort(list, '', 'serial_number', 'asc'))).toEqual([3, 2, 1]);
    expect(ids(searchAndSort(list, '', 'serial_number', 'desc'))).toEqual([1, 2, 3]);
  });

  it('puts blanks last in either direction, ties by serial number', () => {
    expect(ids(searchAndSort(list, '', 'city', 'asc'))).toEqual([3, 1, 2]);
    expect(ids(searchAndSort(list, '', 'city', 'desc'))).toEqual([1, 3, 2]);
    expect(ids(searchAndSort(list, '', 'user', 'desc'))).toEqual([2, 3, 1]);
  });

  it('searches serial, city, notes and the user (names either way round, e-mail) without case or accents', () => {
    expect(ids(searchAndSort(list, 'QUEBEC', 'serial_number', 'asc'))).toEqual([1]);
    expect(ids(searchAndSort(list, 'etui', 'serial_number', 'asc'))).toEqual([2]);
    expect(ids(searchAndSort(list, 'cote carl', 'serial_number', 'asc'))).toEqual([2]);
    expect(ids(searchAndSort(list, 'carl cote', 'serial_number', 'asc'))).toEqual([2]);
    expect(ids(searchAndSort(list, 'tech-capture@', 'serial_number', 'asc'))).toEqual([2]);
    expect(searchAndSort(list, 'nowhere', 'serial_number', 'asc')).toEqual([]);
  });
});
