import { describe, expect, it, vi } from 'vitest';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { tokenFor } from '../support/api.ts';
import { bodyOf, callOp, errorOf } from '../support/operations.ts';
import { db, tableName } from '#functions/plumbing/aws.ts';
import { FEEDBACK_LIMIT } from '#functions/plumbing/feedback-limit.ts';
import { keys } from '#functions/plumbing/keys.ts';
import { ensureDistributionToken, getListing, insertListing, newDistributionToken } from '#functions/storage/listings.ts';
import { DELIVERY_LINK_CHANGED, downloadAllPictures, generateDeliveryToken, getDeliveriesFromToken, leaveFeedback } from '#shared/catalogue/deliveries.ts';
import type { InputOf } from '#shared/catalogue/index.ts';
import { Role } from '#shared/roles.ts';
import { demoAccount } from '../../scripts/local/demo-accounts.ts';

/** A listing of the demo broker with a delivery token, for this file alone. */
async function newListing(): Promise<{ id: number; token: string }> {
  const broker = demoAccount(Role.broker);
  const token = newDistributionToken();
  const listing = await insertListing({
    address: `${Date.now() % 10_000} rue des Tests`,
    app: '',
    city: 'Montréal',
    postalcode: 'H2X 1Y4',
    room_count: 4,
    is_house: false,
    is_existing_listing: false,
    lat: 45.5,
    lng: -73.57,
    state: 1,
    picture_url: null,
    mls: null,
    broker_id: broker.id,
    broker: { firstname: broker.firstname, lastname: broker.lastname },
    distribution_token: token,
  });
  return { id: listing.id, token };
}

const generate = (listingId: InputOf<typeof generateDeliveryToken>['listing_id'], token?: string) => callOp(generateDeliveryToken, { listing_id: listingId }, token);
const page = (token: string) => callOp(getDeliveriesFromToken, { token });
const feedback = (token: string, i: number, text: string) => callOp(leaveFeedback, { token, shooting_id: 1, picture_index: i, text });

describe('generateDeliveryToken (part 3 §7)', () => {
  it('replaces the token: the old link answers 404 at once, the new one serves the page', async () => {
    const listing = await newListing();
    bodyOf(await page(listing.token));
    const { token: admin } = await tokenFor(Role.admin);
    const fresh = bodyOf(await generate(listing.id, admin)).distribution_token;
    expect(fresh).not.toBe(listing.token);
    expect(Buffer.from(fresh, 'base64url')).toHaveLength(32);
    errorOf(await page(listing.token), 404);
    errorOf(await callOp(downloadAllPictures, { token: listing.token }), 404);
    errorOf(await feedback(listing.token, 0, 'Hello'), 404);
    expect(bodyOf(await page(fresh)).listing.id).toBe(listing.id);
    expect((await getListing(listing.id))!.distribution_token).toBe(fresh);
  });

  it('replaces only the link the screen showed: one made meanwhile is kept (409), and a screen showing none does not revoke it', async () => {
    const listing = await newListing();
    const { token: admin } = await tokenFor(Role.admin);
    // The dialog showed no link (null), or an older one; the listing has listing.token meanwhile.
    for (const shown of [null, 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA']) {
      expect(errorOf(await callOp(generateDeliveryToken, { listing_id: listing.id, replaces: shown }, admin), 409).message).toBe(DELIVERY_LINK_CHANGED);
    }
    expect((await getListing(listing.id))!.distribution_token).toBe(listing.token);
    bodyOf(await page(listing.token));
    const fresh = bodyOf(await callOp(generateDeliveryToken, { listing_id: listing.id, replaces: listing.token }, admin)).distribution_token;
    expect((await getListing(listing.id))!.distribution_token).toBe(fresh);
  });

  it('is for staff: post-production may, a broker and a capture technician may not (403); unknown listing 404; bad id 400', async () => {
    const listing = await newListing();
    expect((await generate(listing.id, (await tokenFor(Role.tech_postprod)).token)).status).toBe(200);
    const before = (await getListing(listing.id))!.distribution_token;
    expect((await generate(listing.id, (await tokenFor(Role.broker)).token)).status).toBe(403);
    expect((await generate(listing.id, (await tokenFor(Role.tech_capture)).token)).status).toBe(403);
    expect((await generate(listing.id)).status).toBe(401);
    expect((await getListing(listing.id))!.distribution_token).toBe(before);
    const { token: superadmin } = await tokenFor(Role.superadmin);
    expect((await generate(999_999_999, superadmin)).status).toBe(404);
    expect((await generate('abc', superadmin)).status).toBe(400);
  });
});

describe('a listing\'s first delivery token (ensureDistributionToken)', () => {
  it('is one token when two requests make it at once (two technicians\' delivery lists): neither fails', async () => {
    const made = await insertListing({ address: `${Date.now() % 10_000} rue des Jetons`, app: '', city: 'Montréal', postalcode: 'H2X 1Y4', room_count: 4, is_house: false, lat: 45.5, lng: -73.57, state: 1, mls: null, broker_id: 900001, broker: { firstname: 'B', lastname: 'R' }, distribution_token: null });
    const read = (await getListing(made.id))!;
    const tokens = await Promise.all([ensureDistributionToken(read), ensureDistributionToken(read), ensureDistributionToken(read)]);
    expect(new Set(tokens).size).toBe(1);
    expect((await getListing(made.id))!.distribution_token).toBe(tokens[0]);
  });
});

describe('feedback limit per delivery token', () => {
  it(`accepts ${FEEDBACK_LIMIT.limit} submissions an hour per token, then answers 429 with a clear message; other tokens are unaffected`, async () => {
    const listing = await newListing();
    const other = await newListing();
    const post = (token: string, i: number) => feedback(token, i, `Message ${i}`);
    for (let i = 0; i < FEEDBACK_LIMIT.limit; i++) expect((await post(listing.token, i)).status).toBe(404); // no such picture, but counted
    const refused = await post(listing.token, 99);
    // The window is the clock's hour: in its last minute the wait is '1 minute', in the singular.
    expect(errorOf(refused, 429).message).toMatch(/^Too many feedback messages for this delivery\. Try again in (1 minute|([2-9]|[1-5]\d|60) minutes)\.$/);
    expect((await post(other.token, 0)).status).toBe(404);
  });
});

describe('request log', () => {
  it('never keeps a delivery token: the raw path is redacted like the parameters', async () => {
    const listing = await newListing();
    bodyOf(await page(listing.token));
    errorOf(await feedback(listing.token, 0, 'Hi'), 404);
    // The records are stored off the request path, within moments (ADR 0485).
    await vi.waitFor(async () => {
      const { Items = [] } = await db.send(
        new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.requestLog(new Date(), '').pk }, ScanIndexForward: false, Limit: 200 }),
      );
      const mine = Items.filter((i) => String(i.route).includes('/api/delivery/{token}'));
      expect(mine.length).toBeGreaterThanOrEqual(2);
      expect(JSON.stringify(Items)).not.toContain(listing.token);
      expect(mine.map((i) => i.path)).toContain('/api/delivery/[redacted]');
      expect(mine.map((i) => i.path)).toContain('/api/delivery/[redacted]/feedback');
    }, { timeout: 10_000, interval: 100 });
  });
});
