import { beforeAll, describe, expect, it } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#functions/plumbing/aws.ts';
import { keys } from '#functions/plumbing/keys.ts';
import {
  INVOICE_TAXES,
  PICTURE_UPLOAD_KEY,
  SHOOTING_ADMIN_MESSAGES,
  addServiceToShooting,
  assignPostProdTech,
  assignSDCard,
  billShooting,
  createShooting,
  fetchExtraServices,
  generateNotarizedInvoice,
  generateShootingInvoice,
  getShootingAdmin,
  setShootingNotes,
  updateShootingCompletion,
  updateShootingNote,
  updateShootingSaisieSource,
  updateShootingTime,
  type ShootingAdminView,
} from '#shared/catalogue/shootings.ts';
import { getListing, updateListing } from '#shared/catalogue/listings.ts';
import { getListing as getStoredListing, updateListingFields } from '#functions/storage/listings.ts';
import { Role } from '#shared/roles.ts';
import { ServiceOffer, ShootingState } from '#shared/enums.ts';
import { addDays, localDateOf } from '#shared/rules/business-time.ts';
import { lastNumber } from '#functions/plumbing/ids.ts';
import { insertListing } from '#functions/storage/listings.ts';
import { ensureInvoiceId, getShootingItem, insertShooting, newShootingId, type StoredShooting } from '#functions/storage/shootings.ts';
import { tokenFor } from '../support/api.ts';
import { ownHalfDay } from '../support/days.ts';
import { bodyOf, callOp, errorOf } from '../support/operations.ts';
import { book, bookingAt, planningBrokerToken } from './booking-support.ts';
import { newUser } from './session-support.ts';

/**
 * Shooting administration (part 2 §7, part 3 §4, §5; docs/decisions/0180, 0181, 0555): every write of
 * the shooting dialog, its roles and validation, and the 409 a dispatcher gets when another one
 * changed the shooting since they read it. Shootings booked on days of this test's own.
 */
let admin: string;
let admin2: string;
let postprod: string;
let lead: string;
let broker: string;
let capture: string;
let ppTechId: number;

beforeAll(async () => {
  admin = (await tokenFor(Role.admin)).token;
  admin2 = (await tokenFor(Role.superadmin)).token;
  const pp = await tokenFor(Role.tech_postprod);
  postprod = pp.token;
  ppTechId = pp.account.id;
  lead = (await tokenFor(Role.tech_postprod_lead)).token;
  capture = (await tokenFor(Role.tech_capture)).token;
  broker = await planningBrokerToken();
});

const bookOne = async (address = '1500 Rue Ontario Est') => (await book(broker, address, ownHalfDay(false), false)).id;
const read = async (id: number, token = admin): Promise<ShootingAdminView> => bodyOf(await callOp(getShootingAdmin, { shooting_id: id }, token)).data;

describe('the shooting dialog reads a shooting', () => {
  it('answers the shooting with its services, flags, version and the post-production technicians; 404 unknown; brokers refused; capture technicians read it and write nothing', async () => {
    const id = await bookOne();
    const answer = bodyOf(await callOp(getShootingAdmin, { shooting_id: id }, postprod));
    expect(answer.data).toMatchObject({ id, billable: false, all_services_delivered: false, saisie_source_completed: false, has_picture_upload: false, sd_card: null, invoice_id: null, tech: null, pp_tech: null, general_notes: '' });
    expect(answer.data.version).toBeGreaterThan(0);
    expect(answer.data.services.map((s) => s.id).sort()).toEqual([ServiceOffer.vr, ServiceOffer.two_d].sort());
    expect(answer.data.listing.address).toContain('1500');
    // The technicians to choose from go to the roles that may assign one (1, 2, 8), not to role 5.
    expect(answer.pp_techs).toEqual([]);
    expect(bodyOf(await callOp(getShootingAdmin, { shooting_id: id }, admin)).pp_techs.map((u) => u.id)).toContain(ppTechId);
    errorOf(await callOp(getShootingAdmin, { shooting_id: 987_654_321 }, admin), 404);
    errorOf(await callOp(getShootingAdmin, { shooting_id: id }, broker), 403);
    // Part 3 screen 5: the review screen (roles 1, 2, 4, 5, 8) shows the shootings panel; a capture technician reads it only.
    const seenAnswer = bodyOf(await callOp(getShootingAdmin, { shooting_id: id }, capture));
    expect(seenAnswer.pp_techs).toEqual([]);
    const seen = seenAnswer.data;
    expect(seen).toEqual(answer.data);
    const asRead = { shooting_id: id, version: seen.version };
    errorOf(await callOp(updateShootingCompletion, { ...asRead, all_services_delivered: true }, capture), 403);
    errorOf(await callOp(assignSDCard, { ...asRead, sd_card: 'SD-01' }, capture), 403);
    errorOf(await callOp(updateShootingNote, { ...asRead, general_notes: 'x' }, capture), 403);
    errorOf(await callOp(setShootingNotes, { ...asRead, tech_note: 'x', post_prod_notes: 'y' }, capture), 403);
    expect(await read(id)).toEqual(seen);
  });
});

describe('every write is checked against the version read', () => {
  it("marks complete and incomplete; a second dispatcher's stale write answers 409 and changes nothing", async () => {
    const id = await bookOne();
    const seenByBoth = await read(id);
    const complete = bodyOf(await callOp(updateShootingCompletion, { shooting_id: id, version: seenByBoth.version, all_services_delivered: true }, admin)).data;
    expect([complete.all_services_delivered, complete.version]).toEqual([true, seenByBoth.version + 1]);

    // The other dispatcher still holds the first version: each of their writes is refused.
    const stale = { shooting_id: id, version: seenByBoth.version };
    const refusals = [
      errorOf(await callOp(assignSDCard, { ...stale, sd_card: 'SD-07' }, admin2), 409),
      errorOf(await callOp(updateShootingNote, { ...stale, general_notes: 'Keys at the desk.' }, admin2), 409),
      errorOf(await callOp(setShootingNotes, { ...stale, tech_note: 'x', post_prod_notes: 'y' }, admin2), 409),
      errorOf(await callOp(billShooting, { ...stale, billable: true }, admin2), 409),
      errorOf(await callOp(updateShootingCompletion, { ...stale, all_services_delivered: false }, admin2), 409),
      errorOf(await callOp(addServiceToShooting, { ...stale, service_offer_id: ServiceOffer.drone }, admin2), 409),
      errorOf(await callOp(assignPostProdTech, { ...stale, pp_tech_id: ppTechId }, admin2), 409),
    ];
    for (const error of refusals) expect(error.message).toBe(SHOOTING_ADMIN_MESSAGES.stale);
    expect(await read(id)).toEqual(complete);

    // After reloading, their change goes through.
    const incomplete = bodyOf(await callOp(updateShootingCompletion, { shooting_id: id, version: complete.version, all_services_delivered: false }, admin2)).data;
    expect(incomplete.all_services_delivered).toBe(false);
  });

  it('two writes racing on the same version: exactly one wins', async () => {
    const id = await bookOne();
    const { version } = await read(id);
    const answers = await Promise.all([
      callOp(assignSDCard, { shooting_id: id, version, sd_card: 'CARD-A' }, admin),
      callOp(assignSDCard, { shooting_id: id, version, sd_card: 'CARD-B' }, admin2),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.ok)!;
    expect((await read(id)).sd_card).toBe(winner.ok ? winner.body.data.sd_card : null);
  });
});

describe('SD card and notes', () => {
  it('assigns and clears the SD card, writes the general note and the technician and post-production notes; validation answers 400 with fields', async () => {
    const id = await bookOne();
    let view = await read(id);
    view = bodyOf(await callOp(assignSDCard, { shooting_id: id, version: view.version, sd_card: '  SD-42 ' }, postprod)).data;
    expect(view.sd_card).toBe('SD-42');
    view = bodyOf(await callOp(updateShootingNote, { shooting_id: id, version: view.version, general_notes: 'Chien dans la cour.' }, lead)).data;
    expect(view.general_notes).toBe('Chien dans la cour.');
    view = bodyOf(await callOp(setShootingNotes, { shooting_id: id, version: view.version, tech_note: 'Lockbox 1234', post_prod_notes: '' }, admin)).data;
    expect([view.tech_note, view.post_prod_notes, view.general_notes]).toEqual(['Lockbox 1234', '', 'Chien dans la cour.']);
    view = bodyOf(await callOp(assignSDCard, { shooting_id: id, version: view.version, sd_card: '' }, admin)).data;
    expect(view.sd_card).toBeNull();

    expect(errorOf(await callOp(updateShootingNote, { shooting_id: id, version: view.version, general_notes: '   ' }, admin), 400).fields).toEqual({ general_notes: [SHOOTING_ADMIN_MESSAGES.noteRequired] });
    expect(errorOf(await callOp(assignSDCard, { shooting_id: id, version: view.version, sd_card: 'x'.repeat(41) }, admin), 400).fields).toHaveProperty('sd_card');
    expect(errorOf(await callOp(assignSDCard, { shooting_id: id, sd_card: 'A' } as never, admin), 400).fields).toHaveProperty('version');
    errorOf(await callOp(assignSDCard, { shooting_id: id, version: view.version, sd_card: 'A' }, broker), 403);
    errorOf(await callOp(assignSDCard, { shooting_id: 987_654_321, version: 1, sd_card: 'A' }, admin), 404);
    expect((await read(id)).version).toBe(view.version);
  });
});

describe('extra services and the saisie-à-la-source flag', () => {
  it("lists the services one may add, adds 'Picture Upload' (administrators only), then the flag may be set; refused without it", async () => {
    const id = await bookOne();
    const other = await bookOne('8200 Boulevard Newman');
    let view = await read(id);

    const refused = errorOf(await callOp(updateShootingSaisieSource, { shootings: [{ id, version: view.version }], is_completed: true }, admin), 422);
    expect(refused.message).toBe(SHOOTING_ADMIN_MESSAGES.noPictureUpload);

    const extras = bodyOf(await callOp(fetchExtraServices, { shooting_id: id }, postprod)).services;
    const pictureUpload = extras.find((s) => s.key_name === PICTURE_UPLOAD_KEY)!;
    expect(pictureUpload).toBeDefined();
    expect(extras.map((s) => s.id)).not.toContain(ServiceOffer.two_d);
    // MLS-only services are not offered for a new listing without an MLS number.
    expect(extras.map((s) => s.id)).not.toContain(ServiceOffer.measures);

    errorOf(await callOp(addServiceToShooting, { shooting_id: id, version: view.version, service_offer_id: pictureUpload.id }, postprod), 403);
    for (const notExtra of [ServiceOffer.two_d, ServiceOffer.measures, 987_654]) {
      const error = errorOf(await callOp(addServiceToShooting, { shooting_id: id, version: view.version, service_offer_id: notExtra }, admin), 400);
      expect(error.fields).toEqual({ service_offer_id: [SHOOTING_ADMIN_MESSAGES.notAnExtra] });
    }
    const added = bodyOf(await callOp(addServiceToShooting, { shooting_id: id, version: view.version, service_offer_id: pictureUpload.id }, admin));
    expect(added.message).toBe(SHOOTING_ADMIN_MESSAGES.serviceAdded);
    view = added.data;
    expect(view.has_picture_upload).toBe(true);
    expect(view.services.map((s) => s.key_name)).toContain(PICTURE_UPLOAD_KEY);
    expect(bodyOf(await callOp(fetchExtraServices, { shooting_id: id }, admin)).services.map((s) => s.id)).not.toContain(pictureUpload.id);

    // All or none: the other shooting has no 'Picture Upload', so neither changes.
    const otherView = await read(other);
    const mixed = errorOf(await callOp(updateShootingSaisieSource, { shootings: [{ id, version: view.version }, { id: other, version: otherView.version }], is_completed: true }, admin), 422);
    expect(mixed.details).toEqual({ shooting_ids: [other] });
    expect((await read(id)).saisie_source_completed).toBe(false);

    const [done] = bodyOf(await callOp(updateShootingSaisieSource, { shootings: [{ id, version: view.version }], is_completed: true }, postprod)).data;
    expect([done!.saisie_source_completed, done!.version]).toEqual([true, view.version + 1]);
    errorOf(await callOp(updateShootingSaisieSource, { shootings: [{ id, version: view.version }], is_completed: false }, admin), 409);
    errorOf(await callOp(updateShootingSaisieSource, { shootings: [], is_completed: true }, admin), 400);
  });
});

describe('billing and the invoice', () => {
  it('refuses an invoice until the shooting is billable, then numbers it once, with the catalogue prices and the Quebec taxes', async () => {
    const id = await bookOne();
    let view = await read(id);
    expect(errorOf(await callOp(generateShootingInvoice, { shooting_id: id }, admin), 422).message).toBe(SHOOTING_ADMIN_MESSAGES.notBillable);
    errorOf(await callOp(billShooting, { shooting_id: id, version: view.version, billable: true }, postprod), 403);
    view = bodyOf(await callOp(billShooting, { shooting_id: id, version: view.version, billable: true }, admin)).data;
    expect(view.billable).toBe(true);
    view = bodyOf(await callOp(addServiceToShooting, { shooting_id: id, version: view.version, service_offer_id: ServiceOffer.drone }, admin)).data;

    const first = bodyOf(await callOp(generateShootingInvoice, { shooting_id: id }, admin));
    const invoice = first.invoice;
    expect(invoice.invoice_id).toMatch(/^IM-\d{4}-\d{6}$/);
    expect(first.data.invoice_id).toBe(invoice.invoice_id);
    expect(invoice.lines.map((l) => l.label_en)).toEqual(view.services.map((s) => s.display_name));
    const subtotal = view.services.reduce((sum, s) => sum + s.price, 0);
    expect(subtotal).toBeGreaterThan(0);
    expect(invoice.subtotal).toBe(subtotal);
    expect(invoice.tps).toBe(Math.round(subtotal * INVOICE_TAXES.tps * 100) / 100);
    expect(invoice.total).toBe(Math.round((invoice.subtotal + invoice.tps + invoice.tvq) * 100) / 100);
    expect(invoice.address).toContain('1500');

    const again = bodyOf(await callOp(generateShootingInvoice, { shooting_id: id }, admin2)).invoice;
    expect(again.invoice_id).toBe(invoice.invoice_id);
    errorOf(await callOp(generateShootingInvoice, { shooting_id: id }, lead), 403);
  });
});

describe('the notarized invoice', () => {
  /** A shooting on a listing of its own (an apartment no other test books), so the listing may be sold. */
  const bookOwnListing = async () => bodyOf(await callOp(createShooting, bookingAt('1500 Rue Ontario Est', ownHalfDay(false), false, { app: `N${Date.now() % 1_000_000}` }), broker)).data.id;
  const saveListing = async (listingId: number, fields: { sold: boolean; mls?: string; date_sold?: string; date_notarized?: string }) => {
    const l = bodyOf(await callOp(getListing, { id: listingId }, admin)).listing;
    bodyOf(await callOp(updateListing, { id: l.id, version: l.version, civic_number: l.civic_number, street: l.street || 'Rue Ontario Est', app: l.app, city: l.city, postalcode: l.postalcode, expired: false, ...fields }, admin));
  };

  it('is the invoice of a billable shooting of a sold listing (same number, lines and total) with its MLS number, sale date and notary date', async () => {
    const id = await bookOwnListing();
    let view = await read(id);
    const listingId = view.listing.id;
    expect(errorOf(await callOp(generateNotarizedInvoice, { shooting_id: id }, admin), 422).message).toBe(SHOOTING_ADMIN_MESSAGES.notBillable);
    view = bodyOf(await callOp(billShooting, { shooting_id: id, version: view.version, billable: true }, admin)).data;
    bodyOf(await callOp(addServiceToShooting, { shooting_id: id, version: view.version, service_offer_id: ServiceOffer.drone }, admin));

    // Billable, but the listing is not sold (even with a notary date): refused, and no number is given.
    expect(errorOf(await callOp(generateNotarizedInvoice, { shooting_id: id }, admin), 422).message).toBe(SHOOTING_ADMIN_MESSAGES.notNotarizable);
    await saveListing(listingId, { sold: false, date_notarized: '2026-06-15' });
    expect(errorOf(await callOp(generateNotarizedInvoice, { shooting_id: id }, admin), 422).message).toBe(SHOOTING_ADMIN_MESSAGES.notNotarizable);
    // A sold listing stored without its notary date (before the dialog's rule): refused too.
    const stored = (await getStoredListing(listingId))!;
    await updateListingFields(stored, { mls: null, civic_number: stored.civic_number, street: stored.street, app: stored.app, city: stored.city, postalcode: stored.postalcode, sold: true, date_sold: '2026-05-04', date_notarized: null, expired: false });
    expect(errorOf(await callOp(generateNotarizedInvoice, { shooting_id: id }, admin), 422).message).toBe(SHOOTING_ADMIN_MESSAGES.notNotarizable);
    expect((await read(id)).invoice_id).toBeNull();

    const mls = String(10_000_000 + (id % 89_999_999));
    await saveListing(listingId, { sold: true, mls, date_sold: '2026-05-04', date_notarized: '2026-06-15' });
    const notarized = bodyOf(await callOp(generateNotarizedInvoice, { shooting_id: id }, admin));
    expect(notarized.invoice.invoice_id).toMatch(/^IM-\d{4}-\d{6}$/);
    expect(notarized.data.invoice_id).toBe(notarized.invoice.invoice_id);
    expect(notarized.notary).toEqual({ mls, date_sold: '2026-05-04', date_notarized: '2026-06-15' });
    const ordinary = bodyOf(await callOp(generateShootingInvoice, { shooting_id: id }, admin2)).invoice;
    expect(notarized.invoice).toEqual(ordinary);
    expect(notarized.invoice.total).toBeGreaterThan(0);

    errorOf(await callOp(generateNotarizedInvoice, { shooting_id: id }, broker), 403);
    errorOf(await callOp(generateNotarizedInvoice, { shooting_id: id }, lead), 403);
    errorOf(await callOp(generateNotarizedInvoice, { shooting_id: 987_654_321 }, admin), 404);
  });
});

describe('the post-production technician', () => {
  const pointer = async (techId: number, date: string, id: number) =>
    (await db.send(new GetCommand({ TableName: tableName(), Key: keys.ppTechShooting(techId, date, id), ConsistentRead: true }))).Item;

  it('is assigned by administrators and the lead (not a technician of role 5), listed for them, and taken back', async () => {
    const id = await bookOne();
    let view = await read(id);
    errorOf(await callOp(assignPostProdTech, { shooting_id: id, version: view.version, pp_tech_id: ppTechId }, postprod), 403);
    const capturer = (await tokenFor(Role.tech_capture)).account.id;
    expect(errorOf(await callOp(assignPostProdTech, { shooting_id: id, version: view.version, pp_tech_id: capturer }, admin), 400).fields).toEqual({ pp_tech_id: [SHOOTING_ADMIN_MESSAGES.notPostProd] });

    view = bodyOf(await callOp(assignPostProdTech, { shooting_id: id, version: view.version, pp_tech_id: ppTechId }, lead)).data;
    expect(view.pp_tech?.id).toBe(ppTechId);
    expect(await pointer(ppTechId, view.scheduleddate, id)).toMatchObject({ shooting_id: id });

    view = bodyOf(await callOp(assignPostProdTech, { shooting_id: id, version: view.version, pp_tech_id: null }, admin)).data;
    expect(view.pp_tech).toBeNull();
    expect(await pointer(ppTechId, view.scheduleddate, id)).toBeUndefined();
  });

  it("is listed on the shooting's new date when its broker moves it, so the next change takes it off their list", async () => {
    const id = await bookOne();
    const from = bodyOf(await callOp(assignPostProdTech, { shooting_id: id, version: (await read(id)).version, pp_tech_id: ppTechId }, admin)).data.scheduleddate;
    const to = ownHalfDay(false);
    bodyOf(await callOp(updateShootingTime, { shooting_id: id, scheduleddate: to, is_am: false }, broker));
    expect(await pointer(ppTechId, from, id)).toBeUndefined();
    expect(await pointer(ppTechId, to, id)).toMatchObject({ shooting_id: id });

    const other = (await newUser(Role.tech_postprod)).id;
    bodyOf(await callOp(assignPostProdTech, { shooting_id: id, version: (await read(id)).version, pp_tech_id: other }, admin));
    expect(await pointer(ppTechId, to, id)).toBeUndefined();
    expect(await pointer(other, to, id)).toMatchObject({ shooting_id: id });
  });
});

describe('invoice numbers', () => {
  /** A shooting far past the days tests claim, on a listing of its own: only its invoice number matters here. */
  async function storedShooting(): Promise<StoredShooting> {
    const at = new Date().toISOString();
    const listing = await insertListing({ address: '77 rue des Factures', app: '', city: 'Québec', postalcode: 'G1R 1A1', room_count: 3, is_house: true, is_existing_listing: false, lat: 46.8, lng: -71.2, state: 1, picture_url: null, mls: null, broker_id: 999_997, broker: { firstname: 'Facture', lastname: 'Courtier' }, distribution_token: null });
    const id = await newShootingId();
    await insertShooting({ id, listing_id: listing.id, broker_id: 999_997, scheduleddate: addDays(localDateOf(Date.now()), 250), am: true, is_confirmed: true, state: ShootingState.completed, estimated_duration: 3600, room_count: 3, created_at: at, updated_at: at }, { lat: null, lng: null, reserved_tech_id: null });
    return (await getShootingItem(id))!;
  }
  const numberOf = (invoiceId: string | null) => Number(invoiceId!.slice(-6));

  it('follow each other without a gap: a refused write uses up no number, and concurrent invoices take the next ones', async () => {
    const [refused, a, b] = [await storedShooting(), await storedShooting(), await storedShooting()];
    const before = await lastNumber('invoice', 1000);
    // Written at a version that is not the shooting's: refused, and no number taken.
    await expect(ensureInvoiceId({ ...refused, version: refused.version + 7 })).rejects.toThrow();
    expect(await lastNumber('invoice', 1000)).toBe(before);

    const [first, second] = await Promise.all([ensureInvoiceId(a), ensureInvoiceId(b)]);
    expect([numberOf(first.invoice_id), numberOf(second.invoice_id)].sort()).toEqual([before + 1, before + 2]);
    expect(await lastNumber('invoice', 1000)).toBe(before + 2);
    // Asked again, a shooting keeps its number.
    expect((await ensureInvoiceId((await getShootingItem(a.id))!)).invoice_id).toBe(first.invoice_id);
  });

  it("carry the year of the Quebec day they are given on: 31 December at 20:00 is that year's, though UTC is in the next", async () => {
    const late = await storedShooting();
    // 2026-12-31 20:00 in Quebec (UTC−5) is 2027-01-01T01:00Z.
    expect((await ensureInvoiceId(late, '2027-01-01T01:00:00.000Z')).invoice_id).toMatch(/^IM-2026-\d{6}$/);
  });
});
