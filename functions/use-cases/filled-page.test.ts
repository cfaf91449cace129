import { describe, expect, it } from 'vitest';
import { fillPage, type ScannedBatch } from './filled-page.ts';

/** A list of entries 0..n-1 read `batch` at a time; an entry's key is its number. */
function listOf(n: number, batch: number) {
  const reads: Array<number | undefined> = [];
  const read = async (start: Record<string, unknown> | undefined): Promise<ScannedBatch<{ n: number }>> => {
    const from = start === undefined ? 0 : Number(start.n) + 1;
    reads.push(from);
    const entries = Array.from({ length: Math.max(0, Math.min(batch, n - from)) }, (_, i) => ({ n: from + i, key: { n: from + i } }));
    const last = entries.at(-1);
    return { entries, ...(last && last.n < n - 1 ? { next: last.key } : {}) };
  };
  return { read, reads };
}

const base = { limit: 3, maxBytes: 1_000_000, softStopMs: 60_000, hardStopMs: 60_000 };

describe('fillPage', () => {
  it('reads on past entries that show nothing until the page is full, and resumes right after the last row', async () => {
    const list = listOf(20, 4);
    // Only multiples of 5 have something to show.
    const build = async ({ n }: { n: number }) => (n % 5 === 0 ? `row ${n}` : undefined);
    const first = await fillPage({ ...base, read: list.read, build });
    expect(first.rows).toEqual(['row 0', 'row 5', 'row 10']);
    expect(first.next).toEqual({ n: 10 });
    const second = await fillPage({ ...base, start: first.next, read: list.read, build });
    expect(second).toEqual({ rows: ['row 15'] });
  });

  it('ends the page before its answer grows too large, and the next page starts at the row left out', async () => {
    const list = listOf(10, 10);
    const build = async ({ n }: { n: number }) => ({ n, payload: 'x'.repeat(100) });
    const page = await fillPage({ ...base, limit: 10, maxBytes: 400, read: list.read, build });
    expect(page.rows.map((r) => r.n)).toEqual([0, 1, 2]);
    expect(page.next).toEqual({ n: 2 });
    const rest = await fillPage({ ...base, limit: 10, maxBytes: 400, start: page.next, read: list.read, build });
    expect(rest.rows.map((r) => r.n)).toEqual([3, 4, 5]);
  });

  it('keeps a row larger than the limit when it is the only one: a page is never empty for its size', async () => {
    const page = await fillPage({ ...base, limit: 2, maxBytes: 10, read: listOf(3, 3).read, build: async ({ n }: { n: number }) => `row ${n}` });
    expect(page).toEqual({ rows: ['row 0'], next: { n: 0 } });
  });

  it('stops reading when time runs out: after the soft stop once it has rows, after the hard stop in any case', async () => {
    let clock = 0;
    const now = () => clock;
    const slow = listOf(100, 2);
    const read = async (start: Record<string, unknown> | undefined) => {
      clock += 1_000;
      return slow.read(start);
    };
    const rows = await fillPage({ ...base, limit: 50, softStopMs: 2_500, hardStopMs: 5_500, now, read, build: async ({ n }: { n: number }) => n });
    expect(rows).toEqual({ rows: [0, 1, 2, 3, 4, 5], next: { n: 5 } });
    clock = 0;
    const none = await fillPage({ ...base, softStopMs: 2_500, hardStopMs: 5_500, now, read, build: async () => undefined });
    expect(none).toEqual({ rows: [], next: { n: 11 } });
  });

  it('ends without a next page at the end of the list', async () => {
    expect(await fillPage({ ...base, read: listOf(2, 5).read, build: async ({ n }: { n: number }) => n })).toEqual({ rows: [0, 1] });
    expect(await fillPage({ ...base, read: listOf(0, 5).read, build: async ({ n }: { n: number }) => n })).toEqual({ rows: [] });
  });
});
