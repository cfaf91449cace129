import { describe, expect, it } from 'vitest';
import { PictureServiceOffer, ServiceOffer } from '../enums.ts';
import { isProtectedOffer, PROTECTED_OFFER_IDS } from './offers.ts';
import { PICTURE_UPLOAD_KEY } from './shootings.ts';

describe('the service offers the application relies on (docs/decisions/0615)', () => {
  it("are the booking's included offers, the nine picture types and 'Picture Upload' (by its key name)", () => {
    expect([...PROTECTED_OFFER_IDS].sort((a, b) => a - b)).toEqual([ServiceOffer.vr, ServiceOffer.two_d, 176, 177, 178, 179, 180, 181, 243, 244, 245]);
    for (const id of Object.values(PictureServiceOffer).flatMap((set) => Object.values(set))) expect(isProtectedOffer({ id, key_name: 'anything' })).toBe(true);
    expect(isProtectedOffer({ id: 1001, key_name: PICTURE_UPLOAD_KEY })).toBe(true);
  });

  it('leave every other offer to the administrators', () => {
    expect(isProtectedOffer({ id: ServiceOffer.drone, key_name: 'drone' })).toBe(false);
    expect(isProtectedOffer({ id: 1002, key_name: 'picture_upload_2' })).toBe(false);
  });
});
