import { describe, expect, it } from 'vitest';
import { createServiceOffer, createShootingPackage } from '#shared/catalogue/offers.ts';
import * as z from '#shared/zod.ts';
import type { TFunction } from 'i18next';
import { CATALOGUE_MESSAGES } from '#shared/entities/catalogue-fields.ts';
import { OFFER_PROTECTION_MESSAGES } from '#shared/catalogue/offers.ts';
import { SERVICE_OFFER_FIELDS, SHOOTING_PACKAGE_FIELDS, blankValues, messageText, toInput, unsavedChanges, validate, valuesOf, type FieldSpec } from './fields.ts';

describe('the generic catalogue form rules (part 3 §5)', () => {
  it("says 'Required' on every blank required field, booleans and selects included, and nothing on the optional ones", () => {
    const errors = validate(SERVICE_OFFER_FIELDS, blankValues(SERVICE_OFFER_FIELDS), createServiceOffer.input);
    const required = SERVICE_OFFER_FIELDS.filter((f) => f.required && f.kind !== 'number').map((f) => f.name);
    for (const name of required) expect(errors[name], name).toBe('required');
    expect(errors).not.toHaveProperty('description_fr');
    // Blank numbers are sent as 0: not an error.
    expect(errors).not.toHaveProperty('price');
    expect(toInput(SERVICE_OFFER_FIELDS, blankValues(SERVICE_OFFER_FIELDS))).toMatchObject({ price: 0, processing_time_in_minutes: 0, order_index: 0 });
  });

  it('accepts a complete package with no included offers, and refuses a negative number', () => {
    const values = {
      ...blankValues(SHOOTING_PACKAGE_FIELDS),
      key_name: 'k',
      display_name_fr: 'Forfait',
      display_name_en: 'Package',
      items_fr: 'a',
      items: 'a',
      zoho_item_id: 'z',
      is_visible_to_brokers: true,
      gf_clause: false,
      subscription: 'Base',
    };
    expect(validate(SHOOTING_PACKAGE_FIELDS, values, createShootingPackage.input)).toEqual({});
    expect(validate(SHOOTING_PACKAGE_FIELDS, { ...values, price: -3 }, createShootingPackage.input)).toEqual({ price: 'notNegative' });
  });

  it('asks for one choice at least in a required multi-select', () => {
    const fields: FieldSpec[] = [{ name: 'included_service_offers', kind: 'offers', required: true }];
    const schema = z.object({ included_service_offers: z.array(z.number()) });
    expect(validate(fields, { included_service_offers: [] }, schema)).toEqual({ included_service_offers: 'oneChoice' });
    expect(validate(fields, { included_service_offers: [7] }, schema)).toEqual({});
  });
});

describe("a save's failure reason", () => {
  const t = ((key: string) => `«${key}»`) as unknown as TFunction;

  it("is said in the reader's language when it is one of the catalogue's messages, a taken key or a change meanwhile", () => {
    expect(messageText(t, CATALOGUE_MESSAGES.keyTaken)).toBe('«offers.message.keyTaken»');
    expect(messageText(t, CATALOGUE_MESSAGES.changedMeanwhile)).toBe('«offers.message.changedMeanwhile»');
  });

  it("says the refusal to rename or delete an offer the application relies on in the reader's language (ADR 0615)", () => {
    expect(messageText(t, OFFER_PROTECTION_MESSAGES.keyProtected)).toBe('«offers.message.keyProtected»');
    expect(messageText(t, OFFER_PROTECTION_MESSAGES.deleteProtected)).toBe('«offers.message.deleteProtected»');
  });

  it('is given as the server wrote it otherwise', () => {
    expect(messageText(t, 'Internal error: the table is unavailable.')).toBe('Internal error: the table is unavailable.');
  });
});

describe("after a 'changed meanwhile' refusal", () => {
  const opened = { id: 4, version: 2, key_name: 'blue_hour', display_name: 'Blue hour', price: 125, available: true, subscription: 'Base', description_fr: '', processing_time_in_minutes: 0 };
  // Another administrator changed the price and the French description.
  const stored = { ...opened, version: 3, price: 99, description_fr: 'Crépuscule' };

  it("lists the admin's own changes the stored item does not hold, with what was typed; not the other admin's", () => {
    const typed = { ...valuesOf(SERVICE_OFFER_FIELDS, opened), display_name: 'Blue hour plus', available: false, description_fr: 'Crépuscule' };
    expect(unsavedChanges(SERVICE_OFFER_FIELDS, typed, opened, stored).map(([field, value]) => [field.name, value])).toEqual([
      ['display_name', 'Blue hour plus'],
      ['available', false],
    ]);
  });

  it('lists nothing when the admin changed nothing (a blank number is the 0 stored)', () => {
    expect(unsavedChanges(SERVICE_OFFER_FIELDS, { ...valuesOf(SERVICE_OFFER_FIELDS, opened), processing_time_in_minutes: '' }, opened, stored)).toEqual([]);
  });
});
