import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/api.ts';
import { bodyOf, callOp, errorOf } from '../support/operations.ts';
import {
  createServiceOffer,
  createShootingPackage,
  deleteServiceOffer,
  deleteShootingPackage,
  getAllServiceOffers,
  getAllShootingPackages,
  getServiceOffer,
  getShootingPackage,
  updateServiceOffer,
  updateShootingPackage,
  OFFER_PROTECTION_MESSAGES,
  type CatalogueHolders,
} from '#shared/catalogue/offers.ts';
import type { ErrorBody, InputOf } from '#shared/catalogue/index.ts';
import { CATALOGUE_MESSAGES } from '#shared/entities/catalogue-fields.ts';
import { PictureServiceOffer, ServiceOffer } from '#shared/enums.ts';
import { Role } from '#shared/roles.ts';
import { deleteServiceOffer as deleteStoredOffer, mustGetServiceOffer } from '#functions/storage/service-offers.ts';
import { insertShootingPackage } from '#functions/storage/shooting-packages.ts';
import { getShootingItem } from '#functions/storage/shootings.ts';
import { BOOKING_MESSAGES, createShooting, PICTURE_UPLOAD_KEY } from '#shared/catalogue/shootings.ts';
import { ownHalfDay, quietDay } from '../support/days.ts';
import { bookingAt, planningBrokerToken } from './booking-support.ts';

let admin: string;
let superadmin: string;
let broker: string;
let tech: string;

beforeAll(async () => {
  admin = (await tokenFor(Role.admin)).token;
  superadmin = (await tokenFor(Role.superadmin)).token;
  broker = (await tokenFor(Role.broker)).token;
  tech = (await tokenFor(Role.tech_capture)).token;
});

const unique = (name: string) => `${name}_${randomUUID().slice(0, 8)}`;

function offerInput(fields: Partial<InputOf<typeof createServiceOffer>> = {}): InputOf<typeof createServiceOffer> {
  return {
    key_name: unique('test_offer'),
    display_name: 'Twilight',
    display_name_fr: 'Crépuscule',
    description: 'Photos at dusk.',
    description_fr: '',
    price: 80,
    type: 1,
    processing_time_in_minutes: 20,
    zoho_item_id: 'zoho-1',
    order_index: 50,
    available: true,
    is_global: true,
    subscription: 'Base',
    require_mls: false,
    ...fields,
  };
}

type PackageInput = InputOf<typeof createShootingPackage>;
function packageInput(fields: Partial<PackageInput> = {}): PackageInput {
  const base: PackageInput = {
    key_name: unique('test_package'),
    display_name_fr: 'Essai',
    display_name_en: 'Trial',
    price: 99,
    hdr_photo_count: 10,
    items_fr: '10 photos',
    items: '10 photos',
    order_index: 9,
    is_visible_to_brokers: true,
    zoho_item_id: 'zoho-2',
    gf_clause: false,
    subscription: 'Rabais 20',
  };
  return { ...base, ...fields };
}

const newOffer = async (fields: Partial<InputOf<typeof createServiceOffer>> = {}) => bodyOf(await callOp(createServiceOffer, offerInput(fields), admin)).data;
const newPackage = async (fields: Partial<InputOf<typeof createShootingPackage>> = {}) => bodyOf(await callOp(createShootingPackage, packageInput(fields), admin)).data;

describe('the seeded catalogue', () => {
  it('holds the offers the spec numbers, with their ids and key names, and the packages 1 to 3', async () => {
    const offers = bodyOf(await callOp(getAllServiceOffers, {}, admin)).data;
    for (const [key, id] of Object.entries(ServiceOffer)) expect(offers.find((o) => o.id === id)?.key_name).toBe(key);
    for (const id of Object.values(PictureServiceOffer).flatMap((types) => Object.values(types))) expect(offers.some((o) => o.id === id)).toBe(true);
    const packages = bodyOf(await callOp(getAllShootingPackages, {}, admin)).data;
    // In their order among any the other files of this stack added (and ordered) before this one.
    expect(packages.map((p) => p.id).filter((id) => id <= 3)).toEqual([1, 2, 3]);
    expect(packages.map((p) => p.order_index)).toEqual([...packages.map((p) => p.order_index)].sort((a, b) => a - b));
  });

  it('shows brokers the available offers and the packages visible to brokers only; staff see everything', async () => {
    const forBroker = bodyOf(await callOp(getAllServiceOffers, {}, broker)).data;
    expect(forBroker.length).toBeGreaterThan(0);
    expect(forBroker.every((o) => o.available)).toBe(true);
    expect(forBroker.some((o) => o.id === PictureServiceOffer.platform.traditional)).toBe(false);
    expect(bodyOf(await callOp(getAllServiceOffers, {}, tech)).data.some((o) => o.id === PictureServiceOffer.platform.traditional)).toBe(true);
    const packages = bodyOf(await callOp(getAllShootingPackages, {}, broker)).data;
    expect(packages.every((p) => p.is_visible_to_brokers)).toBe(true);
    expect(packages.some((p) => p.id === 3)).toBe(false);
  });
});

describe('roles', () => {
  it('lets only administrators (1, 2) read one item and change the catalogue; anonymous callers get 401', async () => {
    for (const token of [broker, tech]) {
      errorOf(await callOp(getServiceOffer, { id: ServiceOffer.vr }, token), 403);
      errorOf(await callOp(createServiceOffer, offerInput(), token), 403);
      errorOf(await callOp(updateShootingPackage, { id: 1, version: 1, ...packageInput() }, token), 403);
      errorOf(await callOp(deleteShootingPackage, { id: 1 }, token), 403);
    }
    errorOf(await callOp(getAllServiceOffers, {}), 401);
    expect(bodyOf(await callOp(getShootingPackage, { id: 1 }, superadmin)).data.key_name).toBe('essentiel');
    errorOf(await callOp(getServiceOffer, { id: 999_999 }, admin), 404);
  });
});

describe('validation (part 3 §5)', () => {
  it("refuses blank required fields with 'Required' on each, booleans included, and writes nothing", async () => {
    const before = bodyOf(await callOp(getAllServiceOffers, {}, admin)).data.length;
    // Raw call: blanks and missing booleans break the input type on purpose.
    const res = await call<ErrorBody>('POST', '/api/service-offers', {
      token: admin,
      body: { key_name: '  ', display_name: '', display_name_fr: 'x', description: 'x', price: 1, type: 1, processing_time_in_minutes: 1, zoho_item_id: 'z', order_index: 1, subscription: 'Base' },
    });
    const error = errorOf(res as never, 400);
    expect(error.fields).toMatchObject({
      key_name: [CATALOGUE_MESSAGES.required],
      display_name: [CATALOGUE_MESSAGES.required],
      available: [CATALOGUE_MESSAGES.required],
      is_global: [CATALOGUE_MESSAGES.required],
      require_mls: [CATALOGUE_MESSAGES.required],
    });
    expect(error.fields).not.toHaveProperty('description_fr');
    expect(bodyOf(await callOp(getAllServiceOffers, {}, admin)).data.length).toBe(before);
  });

  it('stores a blank number as 0, and refuses negative, fractional and unknown values with field errors', async () => {
    const offer = await newOffer({ price: '', processing_time_in_minutes: '  ' });
    expect(offer).toMatchObject({ price: 0, processing_time_in_minutes: 0, description_fr: '', version: 1 });
    const pkg = await newPackage({ recommendation_min: '' });
    expect(pkg).toMatchObject({ recommendation_min: 0, recommendation_max: 0, excluded_items_en: '', included_service_offers: [] });
    const bad = await call<ErrorBody>('POST', '/api/service-offers', { token: admin, body: { ...offerInput(), price: -1, processing_time_in_minutes: 1.5, type: 3, subscription: 'Gold', order_index: 'abc' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({
      price: [CATALOGUE_MESSAGES.notNegative],
      processing_time_in_minutes: [CATALOGUE_MESSAGES.wholeNumber],
      type: [CATALOGUE_MESSAGES.offerType],
      subscription: [CATALOGUE_MESSAGES.subscription],
      order_index: [CATALOGUE_MESSAGES.number],
    });
  });

  it('refuses a package naming an offer that does not exist (400 on included_service_offers), and writes nothing', async () => {
    const keyName = unique('ghost_package');
    const error = errorOf(await callOp(createShootingPackage, packageInput({ key_name: keyName, included_service_offers: [ServiceOffer.vr, 987_654] }), admin), 400);
    expect(error.fields).toEqual({ included_service_offers: [CATALOGUE_MESSAGES.unknownOffer] });
    // The key name was not taken by the failed write.
    expect((await newPackage({ key_name: keyName })).key_name).toBe(keyName);
  });
});

describe('conflicts', () => {
  it('keeps key_name unique, case ignored, on create and on update (409), and frees the old name after a rename', async () => {
    const first = await newOffer();
    errorOf(await callOp(createServiceOffer, offerInput({ key_name: first.key_name.toUpperCase() }), admin), 409);
    const second = await newOffer();
    errorOf(await callOp(updateServiceOffer, { ...offerInput({ key_name: first.key_name }), id: second.id, version: second.version }, admin), 409);
    const renamed = bodyOf(await callOp(updateServiceOffer, { ...offerInput({ key_name: unique('renamed') }), id: first.id, version: first.version }, admin)).data;
    expect(renamed.version).toBe(2);
    expect((await newOffer({ key_name: first.key_name })).key_name).toBe(first.key_name);
    errorOf(await callOp(createShootingPackage, packageInput({ key_name: 'ESSENTIEL' }), admin), 409);
  });

  it('answers 409 to an update made from a stale version: no lost update', async () => {
    const offer = await newOffer();
    const [a, b] = await Promise.all([
      callOp(updateServiceOffer, { ...offerInput({ key_name: offer.key_name, price: 10 }), id: offer.id, version: offer.version }, admin),
      callOp(updateServiceOffer, { ...offerInput({ key_name: offer.key_name, price: 20 }), id: offer.id, version: offer.version }, superadmin),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const winner = a.ok ? 10 : 20;
    const stored = bodyOf(await callOp(getServiceOffer, { id: offer.id }, admin)).data;
    expect(stored).toMatchObject({ price: winner, version: 2 });
    const pkg = await newPackage();
    bodyOf(await callOp(updateShootingPackage, { ...packageInput({ key_name: pkg.key_name, price: 5 }), id: pkg.id, version: pkg.version }, admin));
    errorOf(await callOp(updateShootingPackage, { ...packageInput({ key_name: pkg.key_name, price: 6 }), id: pkg.id, version: pkg.version }, admin), 409);
    errorOf(await callOp(deleteShootingPackage, { id: pkg.id, version: pkg.version }, admin), 409);
  });
});

describe('deletion', () => {
  it('refuses to delete an offer a package includes or a user holds (409 with the holders), then deletes it once free', async () => {
    const offer = await newOffer();
    const pkg = await newPackage({ included_service_offers: [offer.id, ServiceOffer.vr] });
    const held = errorOf(await callOp(deleteServiceOffer, { id: offer.id }, admin), 409);
    expect((held.details as CatalogueHolders).packages).toEqual([{ id: pkg.id, key_name: pkg.key_name, display_name_fr: 'Essai', display_name_en: 'Trial' }]);

    const byUsers = errorOf(await callOp(deleteServiceOffer, { id: ServiceOffer.drone }, admin), 409);
    const holders = byUsers.details as CatalogueHolders;
    expect(holders.users.length).toBeGreaterThan(0);
    expect(holders.users.every((u) => u.role === Role.tech_capture || u.role === Role.tech_postprod)).toBe(true);
    expect(holders.packages.map((p) => p.key_name)).toContain('prestige');

    bodyOf(await callOp(deleteShootingPackage, { id: pkg.id }, admin));
    errorOf(await callOp(getShootingPackage, { id: pkg.id }, admin), 404);
    expect(bodyOf(await callOp(deleteServiceOffer, { id: offer.id, version: offer.version }, admin))).toEqual({ status: 200, id: offer.id });
    errorOf(await callOp(deleteServiceOffer, { id: offer.id }, admin), 404);
    // Its key name is free again.
    expect((await newOffer({ key_name: offer.key_name })).key_name).toBe(offer.key_name);
  });

  it('deletes an edited offer with the version the list shows', async () => {
    const offer = await newOffer();
    bodyOf(await callOp(updateServiceOffer, { ...offerInput({ key_name: offer.key_name, display_name: 'Edited' }), id: offer.id, version: offer.version }, admin));
    const listed = bodyOf(await callOp(getAllServiceOffers, {}, admin)).data.find((o) => o.id === offer.id)!;
    expect(listed).toMatchObject({ display_name: 'Edited', version: 2 });
    expect(bodyOf(await callOp(deleteServiceOffer, { id: offer.id, version: listed.version }, admin)).status).toBe(200);
  });

  it('refuses to delete a package technicians hold (409 naming them)', async () => {
    const error = errorOf(await callOp(deleteShootingPackage, { id: 1 }, admin), 409);
    expect((error.details as CatalogueHolders).users.length).toBeGreaterThan(0);
    expect(bodyOf(await callOp(getShootingPackage, { id: 1 }, admin)).data.id).toBe(1);
  });

  it('fails a deletion when a package started including the offer after its holders were read', async () => {
    const offer = await newOffer();
    const readBeforeTheHolderAppeared = await mustGetServiceOffer(offer.id);
    await insertShootingPackage({ ...packageInput(), recommendation_min: 0, recommendation_max: 0, excluded_items_en: '', excluded_items_fr: '', included_service_offers: [offer.id], price: 1, hdr_photo_count: 1, order_index: 1 } as never);
    await expect(deleteStoredOffer(readBeforeTheHolderAppeared)).rejects.toMatchObject({ status: 409 });
    expect(bodyOf(await callOp(getServiceOffer, { id: offer.id }, admin)).data.id).toBe(offer.id);
  });
});

describe('the offers the application relies on (ADR 0615)', () => {
  const stored = async (id: number) => bodyOf(await callOp(getServiceOffer, { id }, admin)).data;
  const asInput = ({ id, version, key_name, display_name, display_name_fr, description, description_fr, price, type, processing_time_in_minutes, zoho_item_id, order_index, available, is_global, subscription, require_mls }: Awaited<ReturnType<typeof stored>>) => ({
    id,
    version,
    ...offerInput({ key_name, display_name, display_name_fr, description, description_fr, price, type, processing_time_in_minutes, zoho_item_id, order_index, available, is_global, subscription, require_mls }),
  });
  const pictureUpload = async () => bodyOf(await callOp(getAllServiceOffers, {}, admin)).data.find((o) => o.key_name === PICTURE_UPLOAD_KEY)!;

  it("keeps the key name of 'Picture Upload', the booking's included offers and the picture types (422 on key_name), other fields stay editable", async () => {
    const upload = await pictureUpload();
    expect(upload).toBeDefined();
    for (const offer of [upload, await stored(ServiceOffer.two_d), await stored(ServiceOffer.vr), await stored(PictureServiceOffer.platform.traditional), await stored(PictureServiceOffer.map.drone)]) {
      for (const key_name of [unique('renamed'), offer.key_name.toUpperCase()]) {
        const error = errorOf(await callOp(updateServiceOffer, { ...asInput(offer), key_name }, admin), 422);
        expect(error.message).toBe(OFFER_PROTECTION_MESSAGES.keyProtected);
        expect(error.fields).toEqual({ key_name: [OFFER_PROTECTION_MESSAGES.keyProtected] });
      }
      expect(await stored(offer.id)).toMatchObject({ key_name: offer.key_name, version: offer.version });
    }
    // The same values with its own key name: saved (a new version).
    expect(bodyOf(await callOp(updateServiceOffer, asInput(upload), admin)).data).toMatchObject({ key_name: PICTURE_UPLOAD_KEY, version: upload.version + 1 });
    // An ordinary offer is still renamed.
    const plain = await newOffer();
    expect(bodyOf(await callOp(updateServiceOffer, { ...asInput(plain), key_name: unique('renamed') }, admin)).data.version).toBe(2);
  });

  it('never deletes them (422, before any holder is looked at), so the saisie-à-la-source flag keeps finding its offer', async () => {
    const upload = await pictureUpload();
    for (const offer of [upload, await stored(ServiceOffer.vr), await stored(PictureServiceOffer.application.blue_hour)]) {
      expect(errorOf(await callOp(deleteServiceOffer, { id: offer.id, version: offer.version }, admin), 422).message).toBe(OFFER_PROTECTION_MESSAGES.deleteProtected);
      expect((await stored(offer.id)).key_name).toBe(offer.key_name);
    }
    // Through storage too (the one module that writes offers).
    await expect(deleteStoredOffer(await mustGetServiceOffer(upload.id))).rejects.toMatchObject({ status: 422 });
    expect((await pictureUpload()).id).toBe(upload.id);
  });
});

describe('the booking reads the catalogue (ADR 0134)', () => {
  it('books a new available offer as an extra service, and refuses unavailable, unknown or MLS-only extras on a new listing', async () => {
    const offer = await newOffer({ display_name: 'Staging plus' });
    const token = await planningBrokerToken(1);
    const booked = bodyOf(await callOp(createShooting, bookingAt('1500 Rue Ontario Est', ownHalfDay(false), false, { extra_service_offers: [offer.id, ServiceOffer.drone] }), token)).data;
    expect((await getShootingItem(booked.id))?.service_offers.sort((a, b) => a - b)).toEqual([ServiceOffer.two_d, ServiceOffer.drone, offer.id].concat(ServiceOffer.vr).sort((a, b) => a - b));
    for (const extra of [PictureServiceOffer.platform.drone, 987_654, ServiceOffer.measures]) {
      const error = errorOf(await callOp(createShooting, bookingAt('1500 Rue Ontario Est', quietDay(), false, { extra_service_offers: [extra] }), token), 400);
      expect(error.fields).toEqual({ extra_service_offers: [BOOKING_MESSAGES.notBookable] });
    }
  });
});
