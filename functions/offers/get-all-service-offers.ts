import { getAllServiceOffers } from '#shared/catalogue/offers.ts';
import { Role } from '#shared/roles.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { listServiceOffers } from '../storage/service-offers.ts';

/** Every service offer by order_index; brokers and clients see the available ones only. */
export const handler = apiHandler(getAllServiceOffers, async (_input, { user }) => {
  const offers = await listServiceOffers();
  const customer = user.role === Role.broker || user.role === Role.client;
  return { data: customer ? offers.filter((o) => o.available) : offers };
});
