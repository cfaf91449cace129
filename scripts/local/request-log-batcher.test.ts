import { describe, expect, it } from 'vitest';
import { requestLogItem, shipRequestLog, type RequestLogItem } from '#functions/plumbing/request-log.ts';
import { requestLogRecord } from '../../test/support/request-log-records.ts';
import { LOCAL_BATCH_ITEMS, LOCAL_BATCH_RETRY_MS, startRequestLogBatcher } from './request-log-batcher.ts';

const record = (i: number) => requestLogRecord({ requestId: `req-${i}`, path: `/api/tickets/${i}`, route: 'GET /api/tickets/{id}', params: { id: String(i) }, date: new Date('2026-11-25T15:00:00Z') });

describe('the local request-log batcher (ADR 0485)', () => {
  it(`stores what the handlers ship in batches of at most ${LOCAL_BATCH_ITEMS}, in order, once flushed`, async () => {
    const batches: RequestLogItem[][] = [];
    const batcher = startRequestLogBatcher({ store: async (items) => void batches.push(items) });
    try {
      for (let i = 0; i < 230; i++) shipRequestLog(record(i));
      await batcher.flush();
    } finally {
      await batcher.stop();
    }
    expect(batches.map((b) => b.length)).toEqual([100, 100, 30]);
    expect(batches.flat().map((item) => item.sk)).toEqual(Array.from({ length: 230 }, (_, i) => requestLogItem(record(i)).sk));
  });

  it('stores a batch again after a failure, as the ingest is retried, and reports it lost only after the last try', async () => {
    const waits: number[] = [];
    const reports: string[] = [];
    const batchIds: string[] = [];
    const flaky = startRequestLogBatcher({
      report: (line) => reports.push(line),
      wait: async (ms) => void waits.push(ms),
      store: async (_, batchId) => {
        if (batchIds.push(batchId) < 3) throw new Error('database down');
      },
    });
    shipRequestLog(record(1));
    await flaky.stop();
    expect([batchIds.length, waits, reports]).toEqual([3, LOCAL_BATCH_RETRY_MS, []]);
    // Each try names the same batch, so that its counters are added once.
    expect(new Set(batchIds).size).toBe(1);

    const down = startRequestLogBatcher({ report: (line) => reports.push(line), wait: async () => undefined, store: () => Promise.reject(new Error('database down')) });
    shipRequestLog(record(2));
    shipRequestLog(record(3));
    await down.stop();
    expect(reports).toEqual(['request log write failed: 2 records lost (database down)']);
  });
});
