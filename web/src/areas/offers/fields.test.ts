import { describe, expect, it } from 'vitest';
import { createServiceOffer, createShootingPackage } from '#shared/catalogue/offers.ts';
import * as z from '#shared/zod.ts';
import type { TFunction } from 'i18next';
import { CATALOGUE_MESSAGES } from '#shared/entities/catalogue-fields.ts';
import { SERVICE_OFFER_FIELDS, SHOOTING_PACKAGE_FIELDS, blankValues, messageText, toInput, validate, type FieldSpec } from './fields.ts';

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

  it('is given as the server wrote it otherwise', () => {
    expect(messageText(t, 'Internal error: the table is unavailable.')).toBe('Internal error: the table is unavailable.');
  });
});
