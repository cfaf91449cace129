import { LOG_PAGE_SIZE, LOG_READ_BUDGET, getRequestLogs } from '#shared/catalogue/logs.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { decodeCursor, encodeCursor } from '../plumbing/query.ts';
import { countFromCounters, searchRequestLogs, type LogPosition } from '../storage/request-logs.ts';
import { parseSearch } from '../use-cases/log-search.ts';

/**
 * The request-log viewer's search (/superlog): a page of the records matching the search, by date.
 * Without a cursor, `offset` matches are skipped from the top; with one, the search continues
 * where the previous answer stopped (the cursor is signed for this user and this search). The
 * cursor keeps the instant of the first page: 'today' and the hours read stay those of that page,
 * so a search continued after the hour (or the day) turned reads on from the same place.
 */
export const handler = apiHandler(getRequestLogs, async ({ search: text, direction, offset, cursor }, { user }) => {
  const scope = { user: user.id, query: `getRequestLogs:${direction}:${text}` };
  const key = await decodeCursor(cursor, scope);
  const now = typeof key?.__now === 'number' ? key.__now : Date.now();
  const search = parseSearch(text, now);
  const start: LogPosition | undefined = key ? { partition: Number(key.__partition), after: afterOf(key), skip: Number(key.__skip ?? 0) } : undefined;
  const [page, count] = await Promise.all([
    searchRequestLogs(search, { direction, pageSize: LOG_PAGE_SIZE, skip: start ? 0 : offset, start, budget: LOG_READ_BUDGET, now }),
    countFromCounters(search),
  ]);
  // An offset not yet passed when the read budget ran out goes on in the cursor, so the next page skips the rest of it.
  const next = page.next ? await encodeCursor({ __partition: page.next.partition, __now: now, ...(page.next.skip ? { __skip: page.next.skip } : {}), ...page.next.after }, scope) : undefined;
  return { logs: page.logs, offset: offset + page.logs.length, count, cursor: next ?? null };
});

function afterOf(key: Record<string, unknown>): Record<string, unknown> | undefined {
  const { __partition: _, __now: _now, __skip: _skip, ...rest } = key;
  return Object.keys(rest).length ? rest : undefined;
}
