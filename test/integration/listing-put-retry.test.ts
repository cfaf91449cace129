import { describe, expect, it } from 'vitest';
import { putNewItem } from '#functions/plumbing/new-item.ts';
import { getListing, insertListing, newListingPut } from '#functions/storage/listings.ts';
import { listingFields } from '../support/listing-fields.ts';

/** ADR 0325: a retried new-listing Put that finds its own item already written is a success; any other item at the key is not. */
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
