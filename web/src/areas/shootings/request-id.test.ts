import { describe, expect, it } from 'vitest';
import { createShooting } from '#shared/catalogue/shootings.ts';
import { newRequestId } from './queries.ts';

describe('booking request ids', () => {
  it('are UUIDs the booking operation accepts, a new one each time', () => {
    const ids = Array.from({ length: 200 }, newRequestId);
    expect(new Set(ids).size).toBe(200);
    for (const id of ids) expect(createShooting.input.shape.request_id.safeParse(id).success, id).toBe(true);
    expect(ids.every((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id))).toBe(true);
  });
});
