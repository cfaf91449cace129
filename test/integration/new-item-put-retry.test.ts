import { describe, expect, it, vi } from 'vitest';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '#functions/plumbing/aws.ts';
import { getTicketWithFollowups, insertTicket } from '#functions/storage/tickets.ts';
import { putNewItem } from '#functions/plumbing/new-item.ts';
import { getListing, insertListing, newListingPut } from '#functions/storage/listings.ts';
import { listingFields } from '../support/listing-fields.ts';

/** ADR 0325, 0355: a retried new-item Put that finds its own item already written is a success; any other item at the key is not. */
describe('putNewItem', () => {
  const fields = listingFields('12 rue du Retry', { id: 990_001, firstname: 'Rita', lastname: 'Retry' });

  it('succeeds when the item at the key is the one written (an SDK retry after a timed-out first attempt)', async () => {
    const { listing, put } = await newListingPut(fields);
    await putNewItem(put.Put!);
    await expect(putNewItem(put.Put!)).resolves.toBeUndefined();
    expect((await getListing(listing.id))?.address).toBe('12 rue du Retry');
  });

  it('fails its condition when another item is at the key', async () => {
    const existing = await insertListing(fields);
    const { put } = await newListingPut({ ...fields, address: '14 rue du Retry' });
    const other = { ...put.Put!, Item: { ...put.Put!.Item, pk: `LISTING#${existing.id}`, id: existing.id } };
    await expect(putNewItem(other)).rejects.toMatchObject({ name: 'ConditionalCheckFailedException' });
    expect((await getListing(existing.id))?.address).toBe('12 rue du Retry');
  });
});

describe('insertTicket (a new ticket, /tickets/add)', () => {
  it('is created once and answered when the SDK sends its Put again after the first was written (ADR 0355)', async () => {
    const send = db.send.bind(db);
    // The first attempt is written, its answer lost: the SDK's retry meets the condition.
    const spy = vi.spyOn(db, 'send').mockImplementation((async (command: { input?: { Item?: { pk?: string } } }) => {
      if (command instanceof PutCommand && String(command.input.Item?.pk).startsWith('TICKET#')) await send(command);
      return send(command as Parameters<typeof send>[0]);
    }) as typeof db.send);
    let ticket;
    try {
      ticket = await insertTicket({ subject: 'retry', description: 'sent twice', urgency: 1, problem_type: 'other', creator: { id: 990_002, firstname: 'R', lastname: 'T' }, data: '' });
    } finally {
      spy.mockRestore();
    }
    expect((await getTicketWithFollowups(ticket.id))?.ticket).toMatchObject({ subject: 'retry', description: 'sent twice' });
  });
});
