import { describe, expect, it } from 'vitest';
import { unitLabel } from './unit-label.ts';

describe('unitLabel', () => {
  it("prefixes a unit number or code with '#', keeps a label the user wrote, and gives nothing for none", () => {
    expect(['3', ' 201 ', '3B', 'B', '12-A', 'PH2', 'Mcf2eb7'].map(unitLabel)).toEqual(['#3', '#201', '#3B', '#B', '#12-A', '#PH2', '#Mcf2eb7']);
    expect(['App. 3', 'Suite 200', 'Unité 4', '#5', 'Bureau 1', 'Penthouse', 'Sous-sol'].map(unitLabel)).toEqual(['App. 3', 'Suite 200', 'Unité 4', '#5', 'Bureau 1', 'Penthouse', 'Sous-sol']);
    expect(['', '  ', null, undefined].map(unitLabel)).toEqual(['', '', '', '']);
  });
});
