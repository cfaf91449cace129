import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { outboxMails } from '../support/outbox.ts';
import {
  getListingPictures,
  listingsForReview,
  markPictureValid,
  postPictureComment,
  publishListing,
  replyPictureComment,
  REVIEW_MESSAGES,
  savePictureOrder,
  sendMediaEmail,
  sendPictureForReview,
  sendShootingForRetouch,
  SLIDESHOW_MAX,
  updatePicturesVideoSelection,
  updatePicturesVisibility,
  updatePicturesWatermark,
} from '#shared/catalogue/review.ts';
import { addDays, localDateOf } from '#shared/rules/business-time.ts';
import { ShootingState } from '#shared/enums.ts';
import { Role } from '#shared/roles.ts';
import { mediaKeys } from '#functions/plumbing/media.ts';
import { putMediaObject } from '#functions/plumbing/media-objects.ts';
import { readMediaObject } from '#functions/plumbing/renditions.ts';
import { nextId } from '#functions/plumbing/ids.ts';
import { db, tableName } from '#functions/plumbing/aws.ts';
import { keys } from '#functions/plumbing/keys.ts';
import { ensureDistributionToken, getListing, insertListing, listingsOfBroker, replaceDistributionToken } from '#functions/storage/listings.ts';
import { demoAccount } from '../../scripts/local/demo-accounts.ts';
import { insertTicket } from '#functions/storage/tickets.ts';
import { leaveFeedback } from '#shared/catalogue/deliveries.ts';
import { createTicket, getTicketById, reopenTicket, resolveTicket } from '#shared/catalogue/tickets.ts';
import { expireReviewEntry, insertPicture, picturesOfListing, SENT_ENTRY_DAYS } from '#functions/storage/pictures.ts';
import { getShootingItem, insertShooting } from '#functions/storage/shootings.ts';
import { tokenFor } from '../support/api.ts';
import { bodyOf, callHere, callOp, errorOf } from '../support/operations.ts';
import { overtakingFirstWrite } from '../support/overtaking.ts';
import { handler as videoSelectionHere } from '#functions/review/update-pictures-video-selection.ts';
import { listingWithPictures } from './video-support.ts';
import { handler as visibilityHere } from '#functions/review/update-pictures-visibility.ts';
import { handler as mediaEmailHere } from '#functions/review/send-media-email.ts';
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { newUser } from './session-support.ts';

/** Part 3 screens 4 and 5: every review operation through the local adapter (docs/decisions/0210–0213). */

let staff: string;
let brokerToken: string;
let brokerId: number;

beforeAll(async () => {
  staff = (await tokenFor(Role.tech_postprod)).token;
  const broker = await tokenFor(Role.broker);
  brokerToken = broker.token;
  brokerId = broker.account.id;
});

/** §5: a picture goes to retouch with a comment saying what to retouch, posted first as the dialog does. */
async function sendToRetouch(listingId: number, pictureId: number, token = staff) {
  bodyOf(await callOp(postPictureComment, { listing_id: listingId, picture_id: pictureId, text: 'Redresser les verticales' }, token));
  bodyOf(await callOp(sendPictureForReview, { listing_id: listingId, picture_id: pictureId }, token));
}

/** A real JPEG (sharp), so renditions are made from real image bytes. */
const jpeg = (n: number) => sharp({ create: { width: 640, height: 427, channels: 3, background: { r: 40 + n * 10, g: 90, b: 140 } } }).jpeg().toBuffer();

/** A listing of this test with a shooting in `state` and `count` pictures (picture 0 bought by the broker). */
async function reviewListing(count = 5, state: number = ShootingState.uploaded, broker = brokerId) {
  const now = new Date().toISOString();
  const listing = await insertListing({
    address: `${await nextId('review-test', 1)} rue de la Révision`,
    city: 'Montréal',
    postalcode: 'H2X 1Y4',
    room_count: 6,
    is_house: true,
    lat: 45.5,
    lng: -73.6,
    state: 1,
    broker_id: broker,
    broker: { firstname: 'Béatrice', lastname: 'Roy' },
  });
  const shooting = await insertShooting(
    { id: await nextId('shooting', 10_000), listing_id: listing.id, broker_id: broker, scheduleddate: addDays(localDateOf(Date.now()), -4), am: true, is_confirmed: true, state, estimated_duration: 3600, room_count: 6, created_at: now, updated_at: now },
    { lat: null, lng: null, reserved_tech_id: null },
  );
  for (let index = 0; index < count; index++) {
    const original = mediaKeys.original(listing.id, shooting.id, index);
    const thumbnail = mediaKeys.thumbnail(listing.id, shooting.id, index);
    await putMediaObject(original, await jpeg(index));
    await putMediaObject(thumbnail, await jpeg(index));
    await insertPicture({ listing_id: listing.id, shooting_id: shooting.id, picture_index: index, original_key: original, thumbnail_key: thumbnail, is_purchased: index === 0, created_at: now });
  }
  const pictures = bodyOf(await callOp(getListingPictures, { listing_id: listing.id }, staff)).pictures;
  return { listing, shooting, pictures };
}

const load = async (listingId: number) => bodyOf(await callOp(getListingPictures, { listing_id: listingId }, staff));

describe('roles (route /tech_review: 1, 2, 4, 5, 8)', () => {
  it('a broker, a client and no session never reach the review operations, and nothing changes', async () => {
    const { listing, shooting, pictures } = await reviewListing(2);
    const client = (await tokenFor(Role.client)).token;
    for (const token of [brokerToken, client]) {
      expect(errorOf(await callOp(listingsForReview, {}, token), 403).code).toBe('forbidden');
      expect((await callOp(getListingPictures, { listing_id: listing.id }, token)).status).toBe(403);
      expect((await callOp(markPictureValid, { listing_id: listing.id, picture_id: pictures[1]!.id }, token)).status).toBe(403);
      expect((await callOp(updatePicturesVisibility, { listing_id: listing.id, picture_ids: [pictures[1]!.id], public: false }, token)).status).toBe(403);
      expect((await callOp(sendShootingForRetouch, { shooting_id: shooting.id }, token)).status).toBe(403);
      expect((await callOp(sendMediaEmail, { listing_id: listing.id }, token)).status).toBe(403);
      expect((await callOp(publishListing, { listing_id: listing.id }, token)).status).toBe(403);
    }
    expect((await callOp(listingsForReview, {})).status).toBe(401);
    for (const role of [Role.superadmin, Role.admin, Role.tech_capture, Role.tech_postprod_lead]) {
      expect((await callOp(getListingPictures, { listing_id: listing.id }, (await tokenFor(role)).token)).status).toBe(200);
    }
    expect((await load(listing.id)).pictures.map((p) => p.is_validated)).toEqual([null, null]);
  });
});

describe('queue', () => {
  it('puts a listing in the tab of its last shooting: uploaded → Under Review, retouch → Retouch, with elapsed days', async () => {
    const under = await reviewListing(1, ShootingState.uploaded);
    const retouch = await reviewListing(1, ShootingState.retouch);
    const { tabs } = bodyOf(await callOp(listingsForReview, {}, staff));
    const item = tabs.under_review.find((i) => i.listing_id === under.listing.id);
    expect(item).toMatchObject({ shooting_id: under.shooting.id, elapsed_days: 4, shooting_state: ShootingState.uploaded });
    expect(tabs.retouch.some((i) => i.listing_id === retouch.listing.id)).toBe(true);
    expect(tabs.under_review.some((i) => i.listing_id === retouch.listing.id)).toBe(false);
    // Not all services delivered (the default): also 'post-production incomplet'.
    expect(tabs.incomplete.some((i) => i.listing_id === under.listing.id)).toBe(true);
  });
});

describe('validation', () => {
  it('validates and marks for retouch; send to retouch needs a picture marked false', async () => {
    const { listing, shooting, pictures } = await reviewListing(3);
    bodyOf(await callOp(markPictureValid, { listing_id: listing.id, picture_id: pictures[0]!.id }, staff));
    const refused = errorOf(await callOp(sendShootingForRetouch, { shooting_id: shooting.id }, staff), 400);
    expect(refused.message).toBe(REVIEW_MESSAGES.retouchNeedsPicture);
    expect((await getShootingItem(shooting.id))!.state).toBe(ShootingState.uploaded);
    await sendToRetouch(listing.id, pictures[1]!.id);
    bodyOf(await callOp(sendShootingForRetouch, { shooting_id: shooting.id }, staff));
    expect((await getShootingItem(shooting.id))!.state).toBe(ShootingState.retouch);
    expect((await load(listing.id)).pictures.map((p) => p.is_validated)).toEqual([true, false, null]);
  });

  it("names the queue's last shooting, never a cancelled one dated later, and refuses to send a cancelled shooting for retouch", async () => {
    const { listing, shooting } = await reviewListing(1);
    const now = new Date().toISOString();
    const cancelled = await insertShooting(
      { id: await nextId('shooting', 10_000), listing_id: listing.id, broker_id: brokerId, scheduleddate: addDays(localDateOf(Date.now()), -1), am: true, is_confirmed: true, state: ShootingState.canceled, estimated_duration: 3600, room_count: 6, created_at: now, updated_at: now },
      { lat: null, lng: null, reserved_tech_id: null },
    );
    const key = mediaKeys.original(listing.id, cancelled.id, 0);
    await putMediaObject(key, await jpeg(1));
    await insertPicture({ listing_id: listing.id, shooting_id: cancelled.id, picture_index: 0, original_key: key, thumbnail_key: key, is_purchased: false, created_at: now });
    const screen = await load(listing.id);
    expect(screen.shootings.map((s) => s.id)).toEqual([shooting.id, cancelled.id]);
    expect(screen.last_shooting_id).toBe(shooting.id);
    const picture = screen.pictures.find((p) => p.shooting_id === cancelled.id)!;
    await sendToRetouch(listing.id, picture.id);
    expect(errorOf(await callOp(sendShootingForRetouch, { shooting_id: cancelled.id }, staff), 422).message).toBe(REVIEW_MESSAGES.retouchInactive);
    expect((await getShootingItem(cancelled.id))!.state).toBe(ShootingState.canceled);
  });

  it('answers 400 for a picture of another listing and for junk ids', async () => {
    const a = await reviewListing(1);
    const b = await reviewListing(1);
    expect(errorOf(await callOp(markPictureValid, { listing_id: a.listing.id, picture_id: b.pictures[0]!.id }, staff), 400).fields).toHaveProperty('picture_id');
    expect((await callOp(getListingPictures, { listing_id: '1e3' as unknown as number }, staff)).status).toBe(400);
  });
});

describe('visibility, slideshow and watermark (§5)', () => {
  it('a bought picture cannot be hidden or watermarked', async () => {
    const { listing, pictures } = await reviewListing(2);
    const bought = pictures[0]!;
    expect(bought.is_purchased).toBe(true);
    expect(errorOf(await callOp(updatePicturesVisibility, { listing_id: listing.id, picture_ids: [bought.id], public: false }, staff), 400).message).toBe(REVIEW_MESSAGES.purchased);
    expect(errorOf(await callOp(updatePicturesWatermark, { listing_id: listing.id, picture_ids: [bought.id, pictures[1]!.id], show_watermark: true }, staff), 400).message).toBe(REVIEW_MESSAGES.purchased);
    const after = (await load(listing.id)).pictures;
    expect(after.map((p) => [p.public, p.show_watermark])).toEqual([
      [true, false],
      [true, false],
    ]);
  });

  it('a bought picture watermarked before the purchase gets its watermark taken off, never put back', async () => {
    const { listing, shooting } = await reviewListing(0);
    const now = new Date().toISOString();
    const original = mediaKeys.original(listing.id, shooting.id, 0);
    await putMediaObject(original, await jpeg(0));
    await insertPicture({ listing_id: listing.id, shooting_id: shooting.id, picture_index: 0, original_key: original, thumbnail_key: original, is_purchased: true, show_watermark: true, watermarked_key: original, created_at: now });
    const [bought] = (await load(listing.id)).pictures;
    expect(bought).toMatchObject({ is_purchased: true, show_watermark: true });
    bodyOf(await callOp(updatePicturesWatermark, { listing_id: listing.id, picture_ids: [bought!.id], show_watermark: false }, staff));
    expect((await load(listing.id)).pictures[0]!.show_watermark).toBe(false);
    expect(errorOf(await callOp(updatePicturesWatermark, { listing_id: listing.id, picture_ids: [bought!.id], show_watermark: true }, staff), 400).message).toBe(REVIEW_MESSAGES.purchased);
  });

  it('watermarks only public pictures, from the real image (sharp); hiding a picture drops its watermark', async () => {
    const { listing, pictures } = await reviewListing(3);
    const [, one, two] = pictures;
    bodyOf(await callOp(updatePicturesVisibility, { listing_id: listing.id, picture_ids: [two!.id], public: false }, staff));
    expect(errorOf(await callOp(updatePicturesWatermark, { listing_id: listing.id, picture_ids: [two!.id], show_watermark: true }, staff), 400).message).toBe(REVIEW_MESSAGES.watermarkNeedsPublic);
    bodyOf(await callOp(updatePicturesWatermark, { listing_id: listing.id, picture_ids: [one!.id], show_watermark: true }, staff));
    const stored = (await picturesOfListing(listing.id)).find((p) => p.id === one!.id)!;
    const original = await readMediaObject(stored.original_key);
    const marked = await readMediaObject(stored.watermarked_key!);
    expect(await sharp(marked).metadata()).toMatchObject({ format: 'jpeg', width: 640, height: 427 });
    expect(marked.equals(original)).toBe(false);
    const seen = (await load(listing.id)).pictures.find((p) => p.id === one!.id)!;
    expect(seen.show_watermark).toBe(true);
    expect(seen.watermarked_url).toContain('watermarked');
    bodyOf(await callOp(updatePicturesVisibility, { listing_id: listing.id, picture_ids: [one!.id], public: false }, staff));
    expect((await load(listing.id)).pictures.find((p) => p.id === one!.id)).toMatchObject({ public: false, show_watermark: false, watermarked_url: null });
  });

  it('puts pictures in and out of the slideshow', async () => {
    const { listing, pictures } = await reviewListing(3);
    bodyOf(await callOp(updatePicturesVideoSelection, { listing_id: listing.id, picture_ids: pictures.map((p) => p.id), included_in_video: true }, staff));
    bodyOf(await callOp(updatePicturesVideoSelection, { listing_id: listing.id, picture_ids: [pictures[1]!.id], included_in_video: false }, staff));
    expect((await load(listing.id)).pictures.map((p) => p.included_in_video)).toEqual([true, false, true]);
  });

  it(`holds at most ${SLIDESHOW_MAX} pictures: one more is refused with 422 and nothing changes; those already in do not count twice`, async () => {
    const { listing, pictures } = await reviewListing(SLIDESHOW_MAX + 2);
    const ids = pictures.map((p) => p.id);
    const select = (picture_ids: number[], included_in_video = true) => callOp(updatePicturesVideoSelection, { listing_id: listing.id, picture_ids, included_in_video }, staff);
    bodyOf(await select(ids.slice(0, SLIDESHOW_MAX - 1)));
    // The last place, asked with pictures already in: 20 in all.
    bodyOf(await select(ids.slice(SLIDESHOW_MAX - 3, SLIDESHOW_MAX)));
    const refused = await select(ids.slice(SLIDESHOW_MAX - 1, SLIDESHOW_MAX + 1));
    expect(refused.status).toBe(422);
    expect((refused.body as { error: { message: string } }).error.message).toBe(REVIEW_MESSAGES.slideshowFull);
    const inSlideshow = async () => (await load(listing.id)).pictures.filter((p) => p.included_in_video).map((p) => p.id);
    expect(await inSlideshow()).toEqual(ids.slice(0, SLIDESHOW_MAX));
    // Out, then another in: still at most 20.
    bodyOf(await select([ids[0]!], false));
    bodyOf(await select([ids[SLIDESHOW_MAX + 1]!]));
    expect((await inSlideshow()).length).toBe(SLIDESHOW_MAX);
  });

  it('two reviewers adding the last place at once: one is refused (409), the slideshow stays at its maximum (ADR 0700)', async () => {
    const { listing, pictures } = await reviewListing(SLIDESHOW_MAX + 1);
    const ids = pictures.map((p) => p.id);
    const input = (picture_ids: number[]) => ({ listing_id: listing.id, picture_ids, included_in_video: true });
    bodyOf(await callOp(updatePicturesVideoSelection, input(ids.slice(0, SLIDESHOW_MAX - 1)), staff));
    // This reviewer counted 19 and adds one; before its write, another adds a different one.
    const { answer, overtaken } = await overtakingFirstWrite(
      ['TransactWriteItemsCommand', 'UpdateItemCommand'],
      async () => void bodyOf(await callOp(updatePicturesVideoSelection, input([ids[SLIDESHOW_MAX]!]), staff)),
      () => callHere(videoSelectionHere, updatePicturesVideoSelection, input([ids[SLIDESHOW_MAX - 1]!]), staff),
    );
    expect(overtaken).toBe(true);
    expect(errorOf(answer, 409).message).toBe(REVIEW_MESSAGES.changedMeanwhile);
    expect((await load(listing.id)).pictures.filter((p) => p.included_in_video).length).toBe(SLIDESHOW_MAX);
  });
});

describe('order (§5)', () => {
  it('saves only the changed positions and keeps the new order', async () => {
    const { listing, pictures } = await reviewListing(4);
    const [a, b, c, d] = pictures.map((p) => p.id);
    // Move the last picture first: every position changes.
    const saved = bodyOf(await callOp(savePictureOrder, { listing_id: listing.id, pictures: [{ id: d!, picture_index: 0 }, { id: a!, picture_index: 1 }, { id: b!, picture_index: 2 }, { id: c!, picture_index: 3 }] }, staff));
    expect(saved.saved).toBe(4);
    expect((await load(listing.id)).pictures.map((p) => p.id)).toEqual([d, a, b, c]);
    // Swap the two middle ones: two saved.
    expect(bodyOf(await callOp(savePictureOrder, { listing_id: listing.id, pictures: [{ id: a!, picture_index: 2 }, { id: b!, picture_index: 1 }] }, staff)).saved).toBe(2);
    expect((await load(listing.id)).pictures.map((p) => p.id)).toEqual([d, b, a, c]);
  });

  it('is refused when a filter is applied or when positions would collide (an order made on a filtered subset)', async () => {
    const { listing, pictures } = await reviewListing(3);
    const filtered = errorOf(await callOp(savePictureOrder, { listing_id: listing.id, filtered: true as false, pictures: [{ id: pictures[2]!.id, picture_index: 0 }] }, staff), 400);
    expect(JSON.stringify(filtered.fields)).toContain(REVIEW_MESSAGES.orderFiltered);
    expect(errorOf(await callOp(savePictureOrder, { listing_id: listing.id, pictures: [{ id: pictures[2]!.id, picture_index: 0 }] }, staff), 400).message).toBe(REVIEW_MESSAGES.orderNotPermutation);
    expect((await load(listing.id)).pictures.map((p) => p.id)).toEqual(pictures.map((p) => p.id));
  });
});

describe('retouch needs a comment (§5)', () => {
  it("refuses a picture with no comment (422), and takes the broker's delivery feedback as one", async () => {
    const { listing, shooting, pictures } = await reviewListing(2);
    expect(errorOf(await callOp(sendPictureForReview, { listing_id: listing.id, picture_id: pictures[1]!.id }, staff), 422).message).toBe(REVIEW_MESSAGES.retouchNeedsComment);
    expect((await load(listing.id)).pictures[1]!.is_validated).toBeNull();
    const token = await ensureDistributionToken((await getListing(listing.id))!);
    bodyOf(await callOp(leaveFeedback, { token, shooting_id: shooting.id, picture_index: 1, text: 'Trop sombre' }));
    bodyOf(await callOp(sendPictureForReview, { listing_id: listing.id, picture_id: pictures[1]!.id }, staff));
    expect((await load(listing.id)).pictures[1]!.is_validated).toBe(false);
  });

  it("the demo's listing in retouch shows, on each picture sent to retouch, the comment saying what to retouch", async () => {
    const listing = (await listingsOfBroker(brokerId, 1000)).items.find((l) => l.address === '230 chemin Sainte-Foy')!;
    const pictures = (await load(listing.id)).pictures;
    const retouched = pictures.filter((p) => p.is_validated === false);
    expect(retouched.length).toBeGreaterThan(0);
    for (const picture of retouched) expect(picture.comments.map((c) => c.creator.id), `picture ${picture.picture_index + 1}`).toEqual([demoAccount(Role.tech_postprod).id]);
    expect(pictures.filter((p) => p.is_validated !== false).every((p) => p.comments.length === 0)).toBe(true);
  });
});

describe('comments as tickets', () => {
  it('posts a comment on a picture and a reply; the screen shows both; a blank comment is a 400', async () => {
    const { listing, pictures } = await reviewListing(1);
    const { comment } = bodyOf(await callOp(postPictureComment, { listing_id: listing.id, picture_id: pictures[0]!.id, text: 'Redresser les verticales' }, staff));
    bodyOf(await callOp(replyPictureComment, { ticket_id: comment.id, text: 'Fait' }, (await tokenFor(Role.tech_postprod_lead)).token));
    const seen = (await load(listing.id)).pictures[0]!.comments;
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ description: 'Redresser les verticales', followups: [{ message: 'Fait' }] });
    expect(errorOf(await callOp(postPictureComment, { listing_id: listing.id, picture_id: pictures[0]!.id, text: '  ' }, staff), 400).fields).toHaveProperty('text');
  });

  it("replies to the broker's delivery feedback, the picture's first comment; the broker reads the reply on the ticket", async () => {
    const { listing, shooting, pictures } = await reviewListing(2);
    const token = await ensureDistributionToken((await getListing(listing.id))!);
    const ticketId = bodyOf(await callOp(leaveFeedback, { token, shooting_id: shooting.id, picture_index: 1, text: 'Trop sombre' })).data.ticket_id;
    const commentsOf = async () => (await load(listing.id)).pictures.find((p) => p.id === pictures[1]!.id)!.comments;
    expect((await commentsOf())[0]).toMatchObject({ id: ticketId, description: 'Trop sombre', resolved: false, followups: [] });
    // The screen offers a reply box on it: the reply is a follow-up of the feedback ticket (404 before).
    bodyOf(await callOp(replyPictureComment, { ticket_id: ticketId, text: 'Éclaircie, merci' }, staff));
    expect((await commentsOf())[0]!.followups).toMatchObject([{ message: 'Éclaircie, merci' }]);
    const ticket = bodyOf(await callOp(getTicketById, { id: ticketId }, brokerToken)).data;
    expect(ticket.followups).toMatchObject([{ message: 'Éclaircie, merci' }]);
  });

  it('says a comment is resolved and refuses a reply to it (409) until reopened; a ticket not shown on a picture answers 404', async () => {
    const { listing, shooting, pictures } = await reviewListing(1);
    const { comment } = bodyOf(await callOp(postPictureComment, { listing_id: listing.id, picture_id: pictures[0]!.id, text: 'Recadrer' }, staff));
    bodyOf(await callOp(resolveTicket, { id: comment.id }, staff));
    expect((await load(listing.id)).pictures[0]!.comments[0]).toMatchObject({ id: comment.id, resolved: true });
    errorOf(await callOp(replyPictureComment, { ticket_id: comment.id, text: 'Fait' }, staff), 409);
    bodyOf(await callOp(reopenTicket, { id: comment.id }, staff));
    bodyOf(await callOp(replyPictureComment, { ticket_id: comment.id, text: 'Fait' }, staff));
    expect((await load(listing.id)).pictures[0]!.comments[0]).toMatchObject({ resolved: false, followups: [{ message: 'Fait' }] });

    // A broker's own ticket, and one whose data names the picture without the picture naming it back.
    const own = bodyOf(await callOp(createTicket, { problem_type: 'software', urgency: 1, subject: 'Question', description: 'Bonjour' }, brokerToken)).ticket;
    const forged = await insertTicket({ subject: 's', description: 'd', urgency: 1, problem_type: 'broker', creator: { id: brokerId, firstname: 'B', lastname: 'R' }, data: JSON.stringify({ listing_id: listing.id, shooting_id: shooting.id, picture_index: 0 }) });
    for (const id of [own.id, forged.id, 987_654_321]) errorOf(await callOp(replyPictureComment, { ticket_id: id, text: 'Non' }, staff), 404);
    expect(bodyOf(await callOp(getTicketById, { id: own.id }, brokerToken)).data.followups).toEqual([]);
  });
});

describe('publish and send to broker (§4)', () => {
  it('publishes the tour, sends the media e-mail to the outbox and moves the listing to Public and Sent', async () => {
    const { listing, shooting } = await reviewListing(2);
    bodyOf(await callOp(publishListing, { listing_id: listing.id }, staff));
    expect((await load(listing.id)).listing).toMatchObject({ state: 3, tour_public: true });
    const sent = bodyOf(await callOp(sendMediaEmail, { listing_id: listing.id }, staff));
    expect(sent.sent_to).toBe('broker@demo.immo.test');
    const mail = outboxMails().find((m) => m.subject.startsWith('Vos médias sont prêts') && m.text.includes(listing.address));
    expect(mail, 'the media e-mail is in the outbox').toBeDefined();
    expect(mail!.to).toBe('broker@demo.immo.test');
    expect((await getShootingItem(shooting.id))!.is_public_for_broker).toBe(true);
    const { tabs } = bodyOf(await callOp(listingsForReview, {}, staff));
    expect(tabs.public_sent.some((i) => i.listing_id === listing.id)).toBe(true);
    expect(tabs.under_review.some((i) => i.listing_id === listing.id)).toBe(false);
  });

  it("copies the media e-mail to the broker's notification e-mails", async () => {
    const broker = await newUser(Role.broker);
    const assistant = `adjointe-${broker.id}@exemple.com`;
    await db.send(new UpdateCommand({ TableName: tableName(), Key: keys.user(broker.id), UpdateExpression: 'SET notification_email = :n', ExpressionAttributeValues: { ':n': [assistant] } }));
    const { listing } = await reviewListing(1, ShootingState.uploaded, broker.id);
    expect(bodyOf(await callOp(sendMediaEmail, { listing_id: listing.id }, staff)).sent_to).toBe(broker.email);
    const mails = outboxMails().filter((m) => m.subject.startsWith('Vos médias sont prêts') && m.text.includes(listing.address));
    expect(mails.map((m) => [m.to, m.cc])).toEqual([[broker.email, [assistant]]]);
  });

  it('mails no dead link: a delivery link replaced while the e-mail was being sent answers 409 and sends nothing', async () => {
    const { listing, shooting } = await reviewListing(2);
    const token = await ensureDistributionToken((await getListing(listing.id))!);
    const name = `replace-token-${listing.id}`;
    db.middlewareStack.add(
      (next, context) => async (args) => {
        // Another staff member makes a new link just before the send is saved.
        if (/TransactWrite/.test(context.commandName ?? '')) await replaceDistributionToken((await getListing(listing.id))!);
        return next(args);
      },
      { step: 'initialize', name },
    );
    const answer = await callHere(mediaEmailHere, sendMediaEmail, { listing_id: listing.id }, staff).finally(() => db.middlewareStack.remove(name));
    expect(errorOf(answer, 409).message).toBe(REVIEW_MESSAGES.changedMeanwhile);
    expect((await getShootingItem(shooting.id))!.is_public_for_broker).toBe(false);
    expect(outboxMails().some((m) => m.text.includes(`/delivery/${token}`))).toBe(false);
    // Sent again, it mails the link that works now.
    expect(bodyOf(await callOp(sendMediaEmail, { listing_id: listing.id }, staff)).sent_to).toBe('broker@demo.immo.test');
    const current = (await getListing(listing.id))!.distribution_token;
    expect(current).not.toBe(token);
    expect(outboxMails().some((m) => m.text.includes(`/delivery/${current}`))).toBe(true);
  });

  it('a shooting sent back to retouch after the broker got it leaves Public and Sent for Retouch', async () => {
    const { listing, shooting, pictures } = await reviewListing(2);
    bodyOf(await callOp(sendMediaEmail, { listing_id: listing.id }, staff));
    expect((await getShootingItem(shooting.id))!.is_public_for_broker).toBe(true);
    await sendToRetouch(listing.id, pictures[1]!.id);
    bodyOf(await callOp(sendShootingForRetouch, { shooting_id: shooting.id }, staff));
    const { tabs } = bodyOf(await callOp(listingsForReview, {}, staff));
    expect(tabs.retouch.find((i) => i.listing_id === listing.id)).toMatchObject({ shooting_id: shooting.id, shooting_state: ShootingState.retouch });
    expect(tabs.public_sent.some((i) => i.listing_id === listing.id)).toBe(false);
  });

  it('a retouch keeps the listing in the queue although its media e-mail went out long enough ago to expire it', async () => {
    const { listing, shooting, pictures } = await reviewListing(2);
    bodyOf(await callOp(sendMediaEmail, { listing_id: listing.id }, staff));
    // The e-mail went out SENT_ENTRY_DAYS + 1 days ago: the entry has expired, the listing is out of every tab.
    await expireReviewEntry(listing.id, new Date(Date.now() - (SENT_ENTRY_DAYS + 1) * 86_400_000));
    const inQueue = async () => Object.values(bodyOf(await callOp(listingsForReview, {}, staff)).tabs).some((items) => items.some((i) => i.listing_id === listing.id));
    expect(await inQueue()).toBe(false);
    await sendToRetouch(listing.id, pictures[1]!.id);
    bodyOf(await callOp(sendShootingForRetouch, { shooting_id: shooting.id }, staff));
    const { tabs } = bodyOf(await callOp(listingsForReview, {}, staff));
    expect(tabs.retouch.some((i) => i.listing_id === listing.id)).toBe(true);
  });

  it('the review screen still names the shootings of a listing whose queue entry DynamoDB removed (its expiry passed), and the broker can be sent it again', async () => {
    const { listing, shooting } = await reviewListing(2);
    bodyOf(await callOp(sendMediaEmail, { listing_id: listing.id }, staff));
    // DynamoDB Local keeps expired items; in AWS the TTL deletes the entry.
    await db.send(new DeleteCommand({ TableName: tableName(), Key: keys.reviewEntry(listing.id) }));
    const screen = bodyOf(await callOp(getListingPictures, { listing_id: listing.id }, staff));
    expect(screen.shootings.map((s) => s.id)).toEqual([shooting.id]);
    expect(screen.last_shooting_id).toBe(shooting.id);
    expect(bodyOf(await callOp(sendMediaEmail, { listing_id: listing.id }, staff)).status).toBe(200);
  });
});

describe('a change of more than 100 pictures (several transactions)', () => {
  it('is all or nothing: a picture changed meanwhile in the second hundred leaves the first hundred as they were, and answers 409', async () => {
    const listing = await listingWithPictures(150, { missing: Array.from({ length: 150 }, (_, i) => i) });
    const pictures = (await picturesOfListing(listing.id)).sort((a, b) => a.picture_index - b.picture_index);
    expect(pictures.every((p) => p.public)).toBe(true);
    const staff = (await tokenFor(Role.tech_postprod)).token;
    // Just before the second hundred is sent, a colleague's change reaches one of its pictures.
    const changedMeanwhile = pictures[120]!;
    let transactions = 0;
    const name = `change-meanwhile-${listing.id}`;
    db.middlewareStack.add(
      (next, context) => async (args) => {
        if (/TransactWrite/.test(context.commandName ?? '') && ++transactions === 2) {
          await db.send(new UpdateCommand({ TableName: tableName(), Key: keys.picture(listing.id, changedMeanwhile.shooting_id, changedMeanwhile.picture_index), UpdateExpression: 'SET version = version + :one', ExpressionAttributeValues: { ':one': 1 } }));
        }
        return next(args);
      },
      { step: 'initialize', name },
    );
    const answer = await callHere(visibilityHere, updatePicturesVisibility, { listing_id: listing.id, picture_ids: pictures.map((p) => p.id), public: false }, staff).finally(() => db.middlewareStack.remove(name));
    expect(errorOf(answer, 409).message).toBe(REVIEW_MESSAGES.changedMeanwhile);
    expect(transactions).toBe(2);
    expect((await picturesOfListing(listing.id)).filter((p) => !p.public)).toEqual([]);
  });
});
