import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#functions/plumbing/aws.ts';
import { keys } from '#functions/plumbing/keys.ts';
import { tokenFor } from '../support/api.ts';
import { bodyOf, callOp, errorOf } from '../support/operations.ts';
import { createSession } from '#functions/plumbing/sessions.ts';
import { findUserByEmail, insertUser, newUserId } from '#functions/storage/users.ts';
import { ensureDistributionToken, getListing, insertListing, listingsOfBroker, type StoredListing } from '#functions/storage/listings.ts';
import { insertPicture } from '#functions/storage/pictures.ts';
import { insertShooting } from '#functions/storage/shootings.ts';
import { mediaKeys, slug } from '#functions/plumbing/media.ts';
import { nextId } from '#functions/plumbing/ids.ts';
import { ShootingState } from '#shared/enums.ts';
import { addDays, localDateOf } from '#shared/rules/business-time.ts';
import { sendMediaEmail } from '#shared/catalogue/review.ts';
import { getShootingAdmin, updateShootingCompletion } from '#shared/catalogue/shootings.ts';
import sharp from 'sharp';
import { ticketListFor } from '#functions/storage/tickets.ts';
import { fileSharingSetting } from '#functions/plumbing/media.ts';
import { putMediaObject } from '#functions/plumbing/media-objects.ts';
import { buildZipInBucket, zipExists } from '#functions/plumbing/zip.ts';
import { Role } from '#shared/roles.ts';
import { downloadAllPictures, getDeliveriesFromToken, getDeliveryListings, getTechDeliveries, leaveFeedback } from '#shared/catalogue/deliveries.ts';
import type { InputOf } from '#shared/catalogue/index.ts';
import { getTicketById } from '#shared/catalogue/tickets.ts';
import { getListingPictures } from '#shared/catalogue/review.ts';
import { demoAccount } from '../../scripts/local/demo-accounts.ts';
import { SECOND_BROKER } from '../../scripts/local/seed/brokers-listings.ts';

const brokerId = demoAccount(Role.broker).id;
let listings: StoredListing[];
let secondId: number;
const byAddress = (address: string) => listings.find((l) => l.address === address)!;

beforeAll(async () => {
  // The seeded listings are the broker's oldest, behind every listing other files make for them.
  listings = (await listingsOfBroker(brokerId, 1000)).items;
  secondId = (await findUserByEmail(SECOND_BROKER.email))!.id;
});

async function delivery(token: string) {
  return bodyOf(await callOp(getDeliveriesFromToken, { token }));
}

describe('getDeliveriesFromToken (public)', () => {
  it('answers the listing and only the pictures with a thumbnail, with cache-busted presigned URLs that serve JPEGs', async () => {
    const listing = byAddress('1200 rue Sherbrooke Ouest');
    const body = await delivery(listing.distribution_token!);
    expect(body.listing).toMatchObject({ id: listing.id, address: listing.address, is_final: true });
    expect(body.listing.pictures).toHaveLength(8); // 10 seeded, 2 without thumbnail
    expect(body.file_sharing).toBeNull();
    const first = body.listing.pictures[0]!;
    for (const url of [first.thumbnail_url, first.distrib_url, first.download_url]) {
      expect(new URL(url).searchParams.get('v')).toMatch(/^\d{8}T\d{6}Z$/);
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect([...new Uint8Array(await res.arrayBuffer()).slice(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    }
    const download = await fetch(first.download_url);
    expect(download.headers.get('content-disposition')).toContain(first.filename);
    expect(first.filename).toMatch(/^01-1200-rue-sherbrooke-ouest-montreal\.jpg$/);
  });

  it('is not final while a shooting is not delivered, and has no pictures before any', async () => {
    expect((await delivery(byAddress('45 rue Saint-Paul Est').distribution_token!)).listing.is_final).toBe(false);
    const empty = await delivery(byAddress('350 boulevard des Laurentides').distribution_token!);
    expect(empty.listing.pictures).toEqual([]);
    expect(empty.listing.is_final).toBe(false);
  });

  it('becomes final once the staff sent the pictures to the broker with all services delivered', async () => {
    const staff = (await tokenFor(Role.tech_postprod)).token;
    const now = new Date().toISOString();
    const listing = await insertListing({ address: `${await nextId('final-delivery-test', 1)} rue de la Livraison`, city: 'Montréal', postalcode: 'H2X 1Y4', room_count: 4, is_house: true, lat: 45.5, lng: -73.6, state: 1, broker_id: brokerId, broker: { firstname: 'Béatrice', lastname: 'Roy' } });
    const shooting = await insertShooting(
      { id: await nextId('shooting', 10_000), listing_id: listing.id, broker_id: brokerId, scheduleddate: now.slice(0, 10), am: true, is_confirmed: true, state: ShootingState.uploaded, estimated_duration: 3600, room_count: 4, created_at: now, updated_at: now },
      { lat: null, lng: null, reserved_tech_id: null },
    );
    const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 90, g: 120, b: 160 } } }).jpeg().toBuffer();
    const [original, thumbnail] = [mediaKeys.original(listing.id, shooting.id, 0), mediaKeys.thumbnail(listing.id, shooting.id, 0)];
    await putMediaObject(original, image);
    await putMediaObject(thumbnail, image);
    await insertPicture({ listing_id: listing.id, shooting_id: shooting.id, picture_index: 0, original_key: original, thumbnail_key: thumbnail, is_purchased: false, created_at: now });

    bodyOf(await callOp(sendMediaEmail, { listing_id: listing.id }, staff));
    const token = (await getListing(listing.id))!.distribution_token!;
    expect((await delivery(token)).listing.is_final, 'sent, services not all delivered').toBe(false);
    const { version } = bodyOf(await callOp(getShootingAdmin, { shooting_id: shooting.id }, staff)).data;
    bodyOf(await callOp(updateShootingCompletion, { shooting_id: shooting.id, version, all_services_delivered: true }, staff));
    expect((await delivery(token)).listing.is_final, 'sent with every service delivered').toBe(true);
  });

  it('answers 404 for an unknown token and 400 for something that is not a token', async () => {
    errorOf(await callOp(getDeliveriesFromToken, { token: randomBytes(32).toString('base64url') }), 404);
    errorOf(await callOp(getDeliveriesFromToken, { token: 'short' }), 400);
  });

  it('hands out tokens of at least 128 random bits', () => {
    const withToken = listings.filter((l) => l.distribution_token);
    expect(withToken.length).toBeGreaterThan(0);
    for (const l of withToken) expect(Buffer.from(l.distribution_token!, 'base64url').length).toBeGreaterThanOrEqual(16);
  });
});

function zipEntries(buffer: Buffer): Promise<{ name: string; head: number[] }[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const out: { name: string; head: number[] }[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.push({ name: entry.fileName, head: [...Buffer.concat(chunks).subarray(0, 2)] });
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

describe('downloadAllPictures (public)', () => {
  it('answers a URL to a real ZIP holding exactly the pictures with a thumbnail, and reuses it', async () => {
    const listing = byAddress('1200 rue Sherbrooke Ouest');
    const res = bodyOf(await callOp(downloadAllPictures, { token: listing.distribution_token! }));
    expect(res.entries).toBe(8);
    const file = await fetch(res.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('1200-rue-sherbrooke-ouest-montreal.zip');
    const buffer = Buffer.from(await file.arrayBuffer());
    expect(buffer.length).toBe(res.bytes);
    const entries = await zipEntries(buffer);
    expect(entries).toHaveLength(8);
    const pictures = (await delivery(listing.distribution_token!)).listing.pictures;
    expect(entries.map((e) => e.name).sort()).toEqual(pictures.map((p) => p.filename).sort());
    for (const entry of entries) expect(entry.head).toEqual([0xff, 0xd8]);

    const again = bodyOf(await callOp(downloadAllPictures, { token: listing.distribution_token! }));
    expect(new URL(again.url).pathname).toBe(new URL(res.url).pathname);
  });

  it('names each file by its position on the page, so a reshoot\'s pictures never take the first shooting\'s names', async () => {
    const now = new Date().toISOString();
    const listing = await insertListing({ address: `${await nextId('two-shootings-zip', 1)} rue des Reprises`, city: 'Montréal', postalcode: 'H2X 1Y4', room_count: 4, is_house: true, lat: 45.5, lng: -73.6, state: 1, broker_id: brokerId, broker: { firstname: 'Béatrice', lastname: 'Roy' } });
    const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 160, g: 120, b: 90 } } }).jpeg().toBuffer();
    // A shooting and its reshoot, each numbering its two pictures from 0.
    for (const day of ['2026-10-01', '2026-10-08']) {
      const shooting = await insertShooting(
        { id: await nextId('shooting', 10_000), listing_id: listing.id, broker_id: brokerId, scheduleddate: day, am: true, is_confirmed: true, state: ShootingState.uploaded, estimated_duration: 3600, room_count: 4, created_at: now, updated_at: now },
        { lat: null, lng: null, reserved_tech_id: null },
      );
      for (const index of [0, 1]) {
        const [original, thumbnail] = [mediaKeys.original(listing.id, shooting.id, index), mediaKeys.thumbnail(listing.id, shooting.id, index)];
        await putMediaObject(original, image);
        await putMediaObject(thumbnail, image);
        await insertPicture({ listing_id: listing.id, shooting_id: shooting.id, picture_index: index, original_key: original, thumbnail_key: thumbnail, is_purchased: false, created_at: now });
      }
    }
    const token = await ensureDistributionToken((await getListing(listing.id))!);
    const slugged = slug(`${listing.address} Montréal`);
    const names = [1, 2, 3, 4].map((n) => `0${n}-${slugged}.jpg`);
    expect((await delivery(token)).listing.pictures.map((p) => p.filename)).toEqual(names);
    const res = bodyOf(await callOp(downloadAllPictures, { token }));
    const entries = await zipEntries(Buffer.from(await (await fetch(res.url)).arrayBuffer()));
    expect(entries.map((e) => e.name)).toEqual(names);

    // Feedback on the reshoot's first picture names it as the page does: picture 3, not 1.
    const third = (await delivery(token)).listing.pictures[2]!;
    const sent = bodyOf(await callOp(leaveFeedback, { token, shooting_id: third.shooting_id, picture_index: third.picture_index, text: 'Trop sombre' })).data;
    const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.ticket(sent.ticket_id), ConsistentRead: true }));
    expect(Item).toMatchObject({ subject: `Commentaire : ${listing.address}, photo 3`, subject_template: { key: 'feedback', address: listing.address, picture: 3 } });
  });

  it('answers 422 when no picture is ready and 404 for an unknown token', async () => {
    errorOf(await callOp(downloadAllPictures, { token: byAddress('350 boulevard des Laurentides').distribution_token! }), 422);
    errorOf(await callOp(downloadAllPictures, { token: randomBytes(32).toString('base64url') }), 404);
  });

  it('streams: building a ZIP of 96 MiB of pictures keeps memory bounded by about one part', async () => {
    const count = 96;
    const keys: string[] = [];
    const prefix = `test/zip-memory/${Date.now()}`;
    for (let i = 0; i < count; i++) {
      const key = `${prefix}/${i}.jpg`;
      await putMediaObject(key, randomBytes(1024 * 1024));
      keys.push(key);
    }
    const used = () => {
      const m = process.memoryUsage();
      return m.heapUsed + m.arrayBuffers;
    };
    const baseline = used();
    let peak = baseline;
    const timer = setInterval(() => (peak = Math.max(peak, used())), 5);
    const bytes = await buildZipInBucket(
      keys.map((key, i) => ({ key, name: `${i}.jpg` })),
      `${prefix}/all.zip`,
      5 * 1024 * 1024,
    );
    clearInterval(timer);
    expect(bytes).toBeGreaterThan(count * 1024 * 1024);
    expect(await zipExists(`${prefix}/all.zip`)).toBe(bytes);
    const growthMiB = (peak - baseline) / 1024 / 1024;
    console.log(`zip of ${(bytes / 1024 / 1024).toFixed(1)} MiB: peak memory growth ${growthMiB.toFixed(1)} MiB`);
    expect(growthMiB).toBeLessThan(48);
  });
});

describe('download-all failures and settings', () => {
  it('fails without leaving a ZIP behind when a picture is missing from the bucket', async () => {
    const prefix = `test/zip-missing/${Date.now()}`;
    await putMediaObject(`${prefix}/a.jpg`, randomBytes(1000));
    await expect(
      buildZipInBucket(
        [
          { key: `${prefix}/a.jpg`, name: 'a.jpg' },
          { key: `${prefix}/absent.jpg`, name: 'b.jpg' },
        ],
        `${prefix}/all.zip`,
      ),
    ).rejects.toThrow();
    expect(await zipExists(`${prefix}/all.zip`)).toBeUndefined();
  });

  it('offers save-to-file-sharing only when an https URL template with {url} is configured', () => {
    expect(fileSharingSetting({})).toBeNull();
    expect(fileSharingSetting({ FILE_SHARING_SAVE_URL: 'http://insecure.example/?u={url}' })).toBeNull();
    expect(fileSharingSetting({ FILE_SHARING_SAVE_URL: 'https://share.example/save' })).toBeNull();
    expect(fileSharingSetting({ FILE_SHARING_SAVE_URL: 'https://share.example/save?url={url}&name={name}' })).toEqual({
      save_url_template: 'https://share.example/save?url={url}&name={name}',
    });
  });
});

describe('leaveFeedback (public)', () => {
  it("creates a ticket in the broker's name with the picture's JSON data and links the picture to it", async () => {
    const listing = byAddress('88 avenue du Parc');
    const before = await delivery(listing.distribution_token!);
    const picture = before.listing.pictures.find((p) => p.feedback_ticket_id === null)!;
    const feedback = { token: listing.distribution_token!, shooting_id: picture.shooting_id, picture_index: picture.picture_index };
    const ticketId = bodyOf(await callOp(leaveFeedback, { ...feedback, text: 'Trop sombre' })).data.ticket_id;
    const after = await delivery(listing.distribution_token!);
    expect(after.listing.pictures.find((p) => p.id === picture.id)!.feedback_ticket_id).toBe(ticketId);

    const { token } = await tokenFor(Role.broker);
    const ticket = bodyOf(await callOp(getTicketById, { id: ticketId }, token)).data;
    expect(ticket).toMatchObject({ description: 'Trop sombre', resolved: false, creator: { id: brokerId } });
    expect(JSON.parse(ticket.data!)).toEqual({ listing_id: listing.id, shooting_id: picture.shooting_id, picture_index: picture.picture_index });
    expect(ticket.picture_thumbnail_url).toBeTruthy();

    errorOf(await callOp(leaveFeedback, { ...feedback, text: 'encore' }), 409);

    // Post-production reads it on the review screen, as the picture's first comment (part 3 §3).
    const staff = (await tokenFor(Role.tech_postprod)).token;
    const reviewed = bodyOf(await callOp(getListingPictures, { listing_id: listing.id }, staff)).pictures.find((p) => p.id === picture.id)!;
    expect(reviewed.comments[0]).toMatchObject({ id: ticketId, description: 'Trop sombre', creator: { id: brokerId } });
  });

  it('refuses bad input (400), unknown pictures and pictures without thumbnail (404), writing no ticket', async () => {
    const listing = byAddress('88 avenue du Parc');
    const { listing: shown } = await delivery(listing.distribution_token!);
    const shootingId = shown.pictures[0]!.shooting_id;
    const count = async () => (await ticketListFor({ id: brokerId, role: Role.broker })).tickets.length;
    const before = await count();
    const post = (input: Omit<InputOf<typeof leaveFeedback>, 'token'>, token = listing.distribution_token!) => callOp(leaveFeedback, { ...input, token });
    const empty = await post({ shooting_id: shootingId, picture_index: 1, text: '  ' });
    expect(errorOf(empty, 400).fields?.text).toBeDefined();
    expect((await post({ shooting_id: shootingId, picture_index: -1, text: 'x' })).status).toBe(400);
    expect((await post({ shooting_id: shootingId, picture_index: 1, text: 'x'.repeat(5001) })).status).toBe(400);
    expect((await post({ shooting_id: shootingId, picture_index: 5, text: 'no thumbnail' })).status).toBe(404);
    expect((await post({ shooting_id: shootingId, picture_index: 99, text: 'absent' })).status).toBe(404);
    expect((await post({ shooting_id: shootingId, picture_index: 1, text: 'x' }, randomBytes(32).toString('base64url'))).status).toBe(404);
    expect(await count()).toBe(before);
  });
});

describe('getDeliveryListings', () => {
  it("gives a broker their own listings only, 15 by default, paged without overlap", async () => {
    const { token } = await tokenFor(Role.broker);
    const first = bodyOf(await callOp(getDeliveryListings, {}, token));
    expect(first.data).toHaveLength(15);
    expect(first.data.every((r) => r.broker_id === brokerId)).toBe(true);
    expect(first.next).toBeDefined();
    const second = bodyOf(await callOp(getDeliveryListings, { limit: 15, cursor: first.next }, token));
    expect(second.data.length).toBeGreaterThan(0);
    expect(second.data.every((r) => r.broker_id === brokerId)).toBe(true);
    const ids = [...first.data, ...second.data].map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('offers no next page after a last page that is exactly full', async () => {
    const id = await newUserId();
    const broker = { firstname: 'Pénélope', lastname: 'Pagination' };
    const user = { id, ...broker, email: `pager-${id}@example.test`, role: Role.broker };
    const at = new Date().toISOString();
    await insertUser({ ...user, password_hash: 'x', created_at: at, updated_at: at });
    const { token } = await createSession(user);
    const add = async (n: number) =>
      insertListing({ address: `${n} rue de la Page ${id}`, city: 'Montréal', postalcode: 'H2X 1Y4', room_count: 4, is_house: true, lat: 45.5, lng: -73.6, state: 1, broker_id: id, broker });
    for (let n = 1; n <= 15; n++) await add(n);
    const one = bodyOf(await callOp(getDeliveryListings, {}, token));
    expect(one.data).toHaveLength(15);
    expect(one.next).toBeUndefined();
    await add(16);
    const first = bodyOf(await callOp(getDeliveryListings, {}, token));
    expect(first.next).toBeDefined();
    const last = bodyOf(await callOp(getDeliveryListings, { limit: 15, cursor: first.next }, token));
    expect(last.data).toHaveLength(1);
    expect(last.next).toBeUndefined();
  });

  it("gives staff every broker's listings; refuses a page size outside the options", async () => {
    const { token } = await tokenFor(Role.social_medias);
    const all = bodyOf(await callOp(getDeliveryListings, { limit: 1000 }, token));
    const owners = new Set(all.data.map((r) => r.broker_id));
    expect(owners.has(brokerId) && owners.has(secondId)).toBe(true);
    expect(all.data.find((r) => r.address === '1200 rue Sherbrooke Ouest')?.distribution_token).toBe(byAddress('1200 rue Sherbrooke Ouest').distribution_token);
    expect(errorOf(await callOp(getDeliveryListings, { limit: 7 }, token), 400).fields?.limit).toBeDefined();
    errorOf(await callOp(getDeliveryListings, {}, (await tokenFor(Role.tech_capture)).token), 403);
  });
});

describe('getTechDeliveries', () => {
  it("gives a capture tech their own shootings with pictures, a sharable token and thumbnails", async () => {
    const { token } = await tokenFor(Role.tech_capture);
    const res = bodyOf(await callOp(getTechDeliveries, { limit: 100 }, token));
    const addresses = res.data.map((r) => r.listing.address);
    expect(addresses).toEqual(expect.arrayContaining(['1200 rue Sherbrooke Ouest', '45 rue Saint-Paul Est']));
    expect(addresses).not.toContain('88 avenue du Parc'); // captured by nobody in the seed
    const row = res.data.find((r) => r.listing.address === '1200 rue Sherbrooke Ouest')!;
    expect(row.pictures).toHaveLength(8);
    expect(row.listing.distribution_token).toBe(byAddress('1200 rue Sherbrooke Ouest').distribution_token);
    expect((await fetch(row.pictures[0]!.thumbnail_url)).status).toBe(200);
  });

  it('fills a page past shootings without pictures (still to take, cancelled): the pictures further down are on it', async () => {
    const id = await newUserId();
    const tech = { id, firstname: 'Paul', lastname: 'Pages', email: `tech-pages-${id}@example.test`, role: Role.tech_capture };
    const at = new Date().toISOString();
    await insertUser({ ...tech, password_hash: 'x', created_at: at, updated_at: at });
    const { token } = await createSession(tech);
    const listing = await insertListing({ address: `${id} rue des Pages`, city: 'Montréal', postalcode: 'H2X 1Y4', room_count: 4, is_house: true, lat: 45.5, lng: -73.6, state: 1, broker_id: brokerId, broker: { firstname: 'Béatrice', lastname: 'Roy' } });
    const shoot = async (day: string, pictures: number) => {
      const shooting = await insertShooting(
        { id: await nextId('shooting', 10_000), listing_id: listing.id, broker_id: brokerId, tech_id: id, scheduleddate: day, am: true, is_confirmed: true, state: pictures ? ShootingState.uploaded : ShootingState.confirmed, estimated_duration: 3600, room_count: 4, created_at: at, updated_at: at },
        { lat: null, lng: null, reserved_tech_id: null },
      );
      for (let index = 0; index < pictures; index++) {
        const [original, thumbnail] = [mediaKeys.original(listing.id, shooting.id, index), mediaKeys.thumbnail(listing.id, shooting.id, index)];
        await insertPicture({ listing_id: listing.id, shooting_id: shooting.id, picture_index: index, original_key: original, thumbnail_key: thumbnail, is_purchased: false, created_at: at });
      }
      return shooting.id;
    };
    // Newest first: sixteen upcoming shootings without pictures (more than a page of 15), then two with.
    // Days over a year away, past the booking horizon: the days near today are the seed's and other tests' own (ADR 0620).
    const today = localDateOf(Date.now());
    for (let day = 1; day <= 16; day++) await shoot(addDays(today, 400 + day), 0);
    const withPictures = [await shoot(addDays(today, -400), 2), await shoot(addDays(today, -401), 1)];
    const page = bodyOf(await callOp(getTechDeliveries, { limit: 15 }, token));
    expect(page.data.map((r) => r.shooting.id)).toEqual(withPictures);
    expect(page.data.map((r) => r.pictures.length)).toEqual([2, 1]);
    expect(page.next).toBeUndefined();
  });

  it('gives a post-production tech the shootings they processed, and others none', async () => {
    const pp = bodyOf(await callOp(getTechDeliveries, { limit: 100 }, (await tokenFor(Role.tech_postprod)).token));
    expect(pp.data.map((r) => r.listing.address)).toEqual(expect.arrayContaining(['1200 rue Sherbrooke Ouest', '88 avenue du Parc']));
    const lead = bodyOf(await callOp(getTechDeliveries, {}, (await tokenFor(Role.tech_postprod_lead)).token));
    expect(lead.data).toEqual([]);
    errorOf(await callOp(getTechDeliveries, {}, (await tokenFor(Role.broker)).token), 403);
  });
});

describe('other brokers', () => {
  it("never show another broker's listing in a broker's list", async () => {
    const second = (await findUserByEmail(SECOND_BROKER.email))!;
    const { token } = await createSession({ id: second.id, firstname: second.firstname, lastname: second.lastname, email: second.email, role: second.role });
    const res = bodyOf(await callOp(getDeliveryListings, { limit: 100 }, token));
    expect(res.data.map((r) => r.address).sort()).toEqual(['120 rue Saint-Jean', '2500 chemin de la Côte-Sainte-Catherine']);
  });
});
