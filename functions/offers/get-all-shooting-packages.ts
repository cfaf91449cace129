import { getAllShootingPackages } from '#shared/catalogue/offers.ts';
import { Role } from '#shared/roles.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { listShootingPackages } from '../storage/shooting-packages.ts';

/** Every shooting package by order_index; brokers and clients see those visible to brokers only. */
export const handler = apiHandler(getAllShootingPackages, async (_input, { user }) => {
  const packages = await listShootingPackages();
  const customer = user.role === Role.broker || user.role === Role.client;
  return { data: customer ? packages.filter((p) => p.is_visible_to_brokers) : packages };
});
