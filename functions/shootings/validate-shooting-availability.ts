import { validateShootingAvailability } from '#shared/catalogue/shootings.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { notFound } from '../plumbing/errors.ts';
import { getShootingItem } from '../storage/shootings.ts';
import { assertWithinHorizon, timeSlots } from '../use-cases/availability.ts';

/** Days past the booking horizon inside the window answer unsuccessful slots; a window starting past it, 422. */
export const handler = apiHandler(validateShootingAvailability, async (input, ctx) => {
  assertWithinHorizon(input.date, 'date');
  if (input.shooting_id !== undefined) {
    const moving = await getShootingItem(input.shooting_id);
    if (!moving || moving.broker_id !== ctx.user.id) throw notFound('Shooting not found.');
  }
  return {
    time_slot: await timeSlots({ lat: input.lat, lng: input.lng, roomCount: input.room_count, isHouse: input.is_house, only360: input.only_360 }, input.date, input.days, {
      excludeShootingId: input.shooting_id,
    }),
  };
});
