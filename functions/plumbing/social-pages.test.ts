import { describe, expect, it } from 'vitest';
import { graphProvider } from './social-pages.ts';

const page = (id: number) => ({ id: String(id), name: `Page ${id}`, category: 'Real estate' });
const answer = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('the Graph API pages provider', () => {
  it('follows paging.next until the last page: an account with more than 100 pages lists them all', async () => {
    const asked: string[] = [];
    const fetchPage = (async (url: string) => {
      asked.push(url);
      if (asked.length === 1) return answer({ data: Array.from({ length: 100 }, (_, i) => page(i)), paging: { next: 'https://graph.facebook.com/v19.0/me/accounts?after=abc' } });
      return answer({ data: [page(100), page(101)], paging: {} });
    }) as typeof fetch;
    const pages = await graphProvider('token', fetchPage).pages();
    expect(pages).toHaveLength(102);
    expect(pages.at(-1)).toMatchObject({ page_id: '101', page_name: 'Page 101', followers: null });
    expect(asked[1]).toBe('https://graph.facebook.com/v19.0/me/accounts?after=abc');
  });

  it('follows no next page outside the Graph API (the token never leaves for another host)', async () => {
    const asked: string[] = [];
    const fetchPage = (async (url: string) => {
      asked.push(url);
      return answer({ data: [page(1)], paging: { next: 'https://evil.example/steal' } });
    }) as typeof fetch;
    expect(await graphProvider('token', fetchPage).pages()).toHaveLength(1);
    expect(asked).toHaveLength(1);
  });

  it('gives up on the whole listing after its total time, however many pages are left: 503, not the operation timing out', async () => {
    let calls = 0;
    // Each page answers after 40 ms and points to another: 5 calls fit the 100 ms in all, not 100.
    const fetchPage = (async (_url: string, init?: RequestInit) => {
      calls++;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, 40);
        init?.signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(new Error('aborted'));
        });
      });
      return answer({ data: [page(calls)], paging: { next: `https://graph.facebook.com/v19.0/me/accounts?after=${calls}` } });
    }) as typeof fetch;
    await expect(graphProvider('token', fetchPage, { callMs: 1_000, totalMs: 100 }).pages()).rejects.toMatchObject({ status: 503 });
    expect(calls).toBeLessThanOrEqual(4);
  });
});
