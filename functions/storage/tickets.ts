import { randomUUID } from 'node:crypto';
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TICKET_LIST_NEWEST, followupRecord, ticketRecord, type FollowupRecord, type NewTicket, type SubjectTemplate, type TicketRecord } from '#shared/entities/ticket.ts';
import { isAdminLevel } from '#shared/roles.ts';
import { db, tableName } from '../plumbing/aws.ts';
import { markBackfilled, type IndexBackfill } from '../plumbing/backfill.ts';
import { conflict, notFound } from '../plumbing/errors.ts';
import { keys } from '../plumbing/keys.ts';
import { byIndex, countAll, queryAll } from '../plumbing/query.ts';
import { nextId } from '../plumbing/ids.ts';
import { putNewItem } from '../plumbing/new-item.ts';
import type { TransactItem } from '../plumbing/transact.ts';
import { pure } from '#shared/pure.ts';

/** Tickets and their follow-ups (one partition per ticket): the one place that reads and writes them. */
export interface StoredTicket extends TicketRecord {
  version: number;
}

interface Caller {
  id: number;
  role: number;
}

const toTicket = (item: Record<string, unknown>): StoredTicket => ({ ...ticketRecord.parse(item), version: Number(item.version ?? 1) });

/**
 * The subject of a feedback ticket: a template each reader sees in their language, and the French
 * text as the stored subject (docs/decisions/0115).
 */
export function feedbackSubject(address: string, pictureNumber: number): { subject: string; subject_template: SubjectTemplate } {
  return { subject: `Commentaire : ${address}, photo ${pictureNumber}`, subject_template: { key: 'feedback', address, picture: pictureNumber } };
}

/** A new ticket and the TransactWriteItems Put that creates it (feedback writes it with the picture). */
export async function newTicketPut(fields: NewTicket, now = new Date()): Promise<{ ticket: TicketRecord; put: TransactItem }> {
  const id = await nextId('ticket');
  const ticket = ticketRecord.parse({ ...fields, id, resolved: false, created_at: now.toISOString() });
  const item = { ...keys.ticket(id), ...keys.ticketIndexes(ticket.creator.id, ticket.created_at, id), ...keys.openTicketIndex(ticket.created_at, id), ...ticket, version: 1 };
  return { ticket, put: { Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } } };
}

/** Creates a ticket; a Put the SDK retried after its first attempt was written is a success (putNewItem). */
export async function insertTicket(fields: NewTicket, now = new Date()): Promise<TicketRecord> {
  const { ticket, put } = await newTicketPut(fields, now);
  await putNewItem(put.Put!);
  return ticket;
}

/** The ticket and its follow-ups (oldest first) in one Query; undefined when absent. */
export async function getTicketWithFollowups(id: number): Promise<{ ticket: StoredTicket; followups: FollowupRecord[] } | undefined> {
  let ticket: StoredTicket | undefined;
  const followups: FollowupRecord[] = [];
  // Consistent: the ticket page reloads right after a follow-up or a resolve, which must show in it.
  for (const item of await queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.ticket(id).pk }, ConsistentRead: true })) {
    if (item.sk === keys.ticket(id).sk) ticket = toTicket(item);
    else if (String(item.sk).startsWith(keys.followupsPrefix)) followups.push(followupRecord.parse(item));
  }
  return ticket ? { ticket, followups } : undefined;
}

/** Admin levels see every ticket; anyone else only their own. Others' tickets answer 404, as if absent. */
export function canSee(caller: Caller, ticket: TicketRecord): boolean {
  return isAdminLevel(caller.role) || ticket.creator.id === caller.id;
}

export async function visibleTicket(caller: Caller, id: number) {
  const found = await getTicketWithFollowups(id);
  if (!found || !canSee(caller, found.ticket)) throw notFound('Ticket not found.');
  return found;
}

/** The index of the caller's tickets: every ticket for admin levels, their own for anyone else. */
const ticketsIndexOf = (caller: Caller) => (isAdminLevel(caller.role) ? byIndex('allTickets', keys.allTickets) : byIndex('ticketsByCreator', keys.ticketsOfUser(caller.id)));

/**
 * The ticket list (part 1 §2.8): the caller's tickets (every ticket for admin levels), newest first:
 * the `newest` most recent, and every open ticket older than those, which a list that stopped at a
 * count would hide. `olderClosedHidden`: older closed tickets exist and are not listed.
 */
export async function ticketListFor(caller: Caller, newest = TICKET_LIST_NEWEST): Promise<{ tickets: StoredTicket[]; olderClosedHidden: boolean }> {
  const query = ticketsIndexOf(caller);
  const recent = (await queryAll({ ...query, ScanIndexForward: false }, newest + 1)).map(toTicket);
  if (recent.length <= newest) return { tickets: recent, olderClosedHidden: false };
  const shown = recent.slice(0, newest);
  const ids = new Set(shown.map((t) => t.id));
  const open = (await openTicketsOf(caller)).filter((t) => !ids.has(t.id));
  return { tickets: [...shown, ...open], olderClosedHidden: true };
}

/** The caller's open tickets, newest first: the sparse open index for admin levels, their own tickets kept open otherwise. */
async function openTicketsOf(caller: Caller): Promise<StoredTicket[]> {
  if (isAdminLevel(caller.role)) return (await queryAll({ ...byIndex('openTickets', keys.openTickets), ScanIndexForward: false })).map(toTicket);
  const query = ticketsIndexOf(caller);
  return (await queryAll({ ...query, ScanIndexForward: false, FilterExpression: 'resolved = :open', ExpressionAttributeValues: { ...query.ExpressionAttributeValues, ':open': false } })).map(toTicket);
}

/**
 * The dashboards' ticket figures, over the caller's tickets (every ticket for admin levels and for
 * `'all'`): how many are open, when the oldest open one was created, and how many were created
 * within [from, to) (ISO instants). Every ticket: counted on the indexes, no ticket read. A
 * caller's own: their tickets' creation and state only.
 */
export async function ticketFigures(caller: Caller | 'all', created: { from: string; to: string }): Promise<{ open: number; oldestOpen: string | null; created: number }> {
  if (caller === 'all' || isAdminLevel(caller.role)) {
    const [open, [oldest], inRange] = await Promise.all([
      countAll(byIndex('openTickets', keys.openTickets)),
      queryAll({ ...byIndex('openTickets', keys.openTickets), ProjectionExpression: 'created_at' }, 1),
      countAll(byIndex('allTickets', keys.allTickets, { from: created.from, to: created.to })),
    ]);
    return { open, oldestOpen: (oldest?.created_at as string | undefined) ?? null, created: inRange };
  }
  const own = await queryAll({ ...ticketsIndexOf(caller), ProjectionExpression: 'created_at, resolved' });
  const open = own.filter((t) => t.resolved === false).map((t) => String(t.created_at));
  return { open: open.length, oldestOpen: open.sort()[0] ?? null, created: own.filter((t) => String(t.created_at) >= created.from && String(t.created_at) < created.to).length };
}

/**
 * Open tickets written before ADR 0690 lack the open-ticket index: each gets its gsi3 keys while it
 * is at the version scanned (only a resolve or a reopen moves it, and both set or remove the keys).
 * Run once by scripts/local/backfill.ts.
 */
export const openTicketIndexBackfill: IndexBackfill = /* @__PURE__ */ pure(() => ({
  marker: keys.openTicketIndexVersion,
  filter: { expression: 'begins_with(pk, :ticket) AND sk = :sk AND resolved = :open AND attribute_not_exists(gsi3pk)', values: { ':ticket': 'TICKET#', ':sk': 'TICKET', ':open': false } },
  async indexItem(item) {
    const t = toTicket(item);
    const { gsi3pk, gsi3sk } = keys.openTicketIndex(t.created_at, t.id);
    await db.send(new UpdateCommand({ TableName: tableName(), Key: keys.ticket(t.id), UpdateExpression: 'SET gsi3pk = :pk, gsi3sk = :sk', ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':pk': gsi3pk, ':sk': gsi3sk, ':v': t.version } }));
    return true;
  },
}));

/** Records that every open ticket carries the open-ticket index (a new table's seed writes them so). */
export const markOpenTicketIndexCurrent = () => markBackfilled(keys.openTicketIndexVersion);

/** A follow-up is added only while the ticket is open: the condition and the Put go in one transaction. */
export async function addFollowup(ticket: StoredTicket, message: string, creator: FollowupRecord['creator'], now = new Date()): Promise<FollowupRecord> {
  const followup = followupRecord.parse({ id: randomUUID(), ticket_id: ticket.id, message, created_at: now.toISOString(), creator });
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            ConditionCheck: {
              TableName: tableName(),
              Key: keys.ticket(ticket.id),
              ConditionExpression: 'attribute_exists(pk) AND resolved = :open',
              ExpressionAttributeValues: { ':open': false },
            },
          },
          { Put: { TableName: tableName(), Item: { ...keys.followup(ticket.id, followup.created_at, followup.id), ...followup }, ConditionExpression: 'attribute_not_exists(pk)' } },
        ],
      }),
    );
  } catch (error) {
    if ((error as Error).name === 'TransactionCanceledException') throw conflict('This ticket is resolved: follow-ups cannot be added. Reopen it first.');
    throw error;
  }
  return followup;
}

/** Resolve (true) or reopen (false); 409 when the ticket is already in that state or changed meanwhile. */
export async function setResolved(ticket: StoredTicket, resolved: boolean): Promise<void> {
  if (ticket.resolved === resolved) throw conflict(resolved ? 'This ticket is already resolved.' : 'This ticket is already open.');
  const open = keys.openTicketIndex(ticket.created_at, ticket.id);
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.ticket(ticket.id),
      // An open ticket is in the sparse open-ticket index; a resolved one is not.
      UpdateExpression: resolved ? 'SET resolved = :r, version = version + :one REMOVE gsi3pk, gsi3sk' : 'SET resolved = :r, version = version + :one, gsi3pk = :pk, gsi3sk = :sk',
      ConditionExpression: 'version = :v',
      ExpressionAttributeValues: { ':r': resolved, ':one': 1, ':v': ticket.version, ...(resolved ? {} : { ':pk': open.gsi3pk, ':sk': open.gsi3sk }) },
    }),
  );
}
