import { randomUUID } from 'node:crypto';
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TICKET_LIST_NEWEST, followupRecord, ticketRecord, type FollowupRecord, type NewTicket, type SubjectTemplate, type TicketRecord } from '#shared/entities/ticket.ts';
import { isAdminLevel } from '#shared/roles.ts';
import { db, tableName } from '../plumbing/aws.ts';
import { conflict, notFound } from '../plumbing/errors.ts';
import { keys } from '../plumbing/keys.ts';
import { byIndex, queryAll } from '../plumbing/query.ts';
import { nextId } from '../plumbing/ids.ts';
import { putNewItem } from '../plumbing/new-item.ts';
import type { TransactItem } from '../plumbing/transact.ts';

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
  const item = { ...keys.ticket(id), ...keys.ticketIndexes(ticket.creator.id, ticket.created_at, id), ...ticket, version: 1 };
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
  return newestAndOpen(ticketsIndexOf(caller), newest);
}

async function newestAndOpen(query: ReturnType<typeof ticketsIndexOf>, newest: number): Promise<{ tickets: StoredTicket[]; olderClosedHidden: boolean }> {
  const recent = (await queryAll({ ...query, ScanIndexForward: false }, newest + 1)).map(toTicket);
  if (recent.length <= newest) return { tickets: recent, olderClosedHidden: false };
  const shown = recent.slice(0, newest);
  const ids = new Set(shown.map((t) => t.id));
  // Only once the list is longer than `newest`: a read of the whole index that keeps the open ones.
  const open = (await queryAll({ ...query, ScanIndexForward: false, FilterExpression: 'resolved = :open', ExpressionAttributeValues: { ...query.ExpressionAttributeValues, ':open': false } }))
    .map(toTicket)
    .filter((t) => !ids.has(t.id));
  return { tickets: [...shown, ...open], olderClosedHidden: true };
}

/** The `newest` tickets and every older open one, newest first (the dashboard's figures: open counts over every ticket). */
export async function everyTicket(newest = 5000): Promise<StoredTicket[]> {
  return (await newestAndOpen(byIndex('allTickets', keys.allTickets), newest)).tickets;
}

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
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.ticket(ticket.id),
      UpdateExpression: 'SET resolved = :r, version = version + :one',
      ConditionExpression: 'version = :v',
      ExpressionAttributeValues: { ':r': resolved, ':one': 1, ':v': ticket.version },
    }),
  );
}
