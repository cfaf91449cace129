import { afterEach, describe, expect, it } from 'vitest';
import { db } from '#functions/plumbing/aws.ts';
import { transact } from '#functions/plumbing/transact.ts';
import { getListing, newListingPut } from '#functions/storage/listings.ts';
import { listingFields } from '../support/listing-fields.ts';

/**
 * ADR 0355: the SDK sends a TransactWriteItems again after a timeout. When the first attempt was
 * written, the second must not fail its attribute_not_exists conditions: the request carries a
 * ClientRequestToken the SDK sets once per call, and DynamoDB (Local too) answers a repeat of the
 * same token as the success it was. The fault is real: the first attempt reaches DynamoDB Local,
 * then its answer is replaced by a timeout, which the SDK's own retry sends again.
 */
const FAULT = 'lose-first-transaction-answer';
/** The ClientRequestToken of each attempt sent. */
let tokens: unknown[] = [];

function loseFirstAnswer(): void {
  tokens = [];
  db.middlewareStack.add(
    (next, context) => async (args) => {
      const answer = await next(args);
      if (context.commandName !== 'TransactWriteItemsCommand') return answer;
      tokens.push((JSON.parse(String((args.request as { body?: unknown }).body)) as { ClientRequestToken?: string }).ClientRequestToken);
      if (tokens.length === 1) throw Object.assign(new Error('Request timed out (injected)'), { name: 'TimeoutError' });
      return answer;
    },
    { step: 'deserialize', name: FAULT, override: true },
  );
}

afterEach(() => void db.middlewareStack.remove(FAULT));

describe('a retried transaction whose first attempt was written', () => {
  const fields = listingFields('3 rue du Jeton', { id: 990_003, firstname: 'Tom', lastname: 'Token' });

  it('succeeds, the new listing written once (the booking transaction creating a listing)', async () => {
    const { listing, put } = await newListingPut(fields);
    loseFirstAnswer();
    await expect(transact([put])).resolves.toBeUndefined();
    // Sent twice (the SDK's retry), both times with the one token the SDK set.
    expect(tokens).toHaveLength(2);
    expect(tokens[0]).toEqual(expect.any(String));
    expect(tokens[1]).toBe(tokens[0]);
    expect((await getListing(listing.id))?.address).toBe('3 rue du Jeton');
  });

  it('still fails when the listing was written by another call (a new token)', async () => {
    const { put } = await newListingPut(fields);
    await transact([put]);
    await expect(transact([put])).rejects.toMatchObject({ name: 'TransactionCanceledException' });
  });
});
