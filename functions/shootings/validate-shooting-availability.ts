import { validateShootingAvailability } from '#shared/catalogue/shootings.ts';
import { apiHandler } from '../commons/api-handler.ts';
import { timeSlots } from '../commons/availability.ts';

export const handler = apiHandler(validateShootingAvailability, async (input) => ({
  time_slot: await timeSlots({ lat: input.lat, lng: input.lng, roomCount: input.room_count, isHouse: input.is_house, only360: input.only_360 }, input.date, input.days),
}));
