import { describe, expect, it } from 'vitest';
import { POSTAL_CODE_MIN_LENGTH, createShooting } from '#shared/catalogue/shootings.ts';
import { DEFAULTS, propertyInput, propertyIsValid } from './booking-form.ts';

describe('booking wizard, property step', () => {
  const filled = { ...DEFAULTS, address: '1000 rue Sherbrooke O', city: 'Montréal', postalcode: 'H3A 3G4' };

  it('goes on with a filled property and the part 1 §5 defaults', () => expect(propertyIsValid(filled)).toBe(true));

  it('holds back what the server refuses, with the server message', () => {
    expect(propertyIsValid({ ...filled, postalcode: 'H3A'.padEnd(POSTAL_CODE_MIN_LENGTH - 1, ' ') })).toBe(false);
    expect(propertyIsValid({ ...filled, address: '  ' })).toBe(false);
    expect(propertyIsValid({ ...filled, room_count: 1.5 })).toBe(false);
    const short = propertyInput.safeParse({ ...filled, postalcode: 'H3A 3' });
    const server = createShooting.input.safeParse({ ...filled, postalcode: 'H3A 3', scheduleddate: 0, is_am: true, lat: 45.5, lng: -73.6 });
    const message = (r: typeof short | typeof server) => (r.success ? undefined : r.error.issues.find((i) => i.path[0] === 'postalcode')?.message);
    expect(message(short)).toBe(`The postal code must contain at least ${POSTAL_CODE_MIN_LENGTH} characters.`);
    expect(message(short)).toBe(message(server));
  });
});
