import type { CatalogueHolders } from '#shared/catalogue/offers.ts';
import { Role } from '#shared/roles.ts';
import { listShootingPackages } from '../storage/shooting-packages.ts';
import { usersOfRole } from '../storage/users.ts';

/**
 * Who still holds a catalogue item (docs/decisions/0133): the packages including a service offer and
 * the users (capture and post-production technicians, part 2 §6) holding an offer or a package.
 * A deletion answers 409 with them.
 */
const HOLDER_ROLES = [Role.tech_capture, Role.tech_postprod] as const;
const MAX_USERS_PER_ROLE = 20_000;

async function usersHolding(pick: (u: { service_offers: number[]; shooting_packages: number[] }) => number[], id: number): Promise<CatalogueHolders['users']> {
  const users = (await Promise.all(HOLDER_ROLES.map((role) => usersOfRole(role, MAX_USERS_PER_ROLE)))).flat();
  return users.filter((u) => pick(u).includes(id)).map((u) => ({ id: u.id, firstname: u.firstname, lastname: u.lastname, role: u.role }));
}

export async function holdersOfServiceOffer(id: number): Promise<CatalogueHolders> {
  const [packages, users] = await Promise.all([listShootingPackages(), usersHolding((u) => u.service_offers, id)]);
  return {
    packages: packages.filter((p) => p.included_service_offers.includes(id)).map((p) => ({ id: p.id, key_name: p.key_name, display_name_fr: p.display_name_fr, display_name_en: p.display_name_en })),
    users,
  };
}

export async function holdersOfShootingPackage(id: number): Promise<CatalogueHolders> {
  return { packages: [], users: await usersHolding((u) => u.shooting_packages, id) };
}

export function isHeld(holders: CatalogueHolders): boolean {
  return holders.packages.length > 0 || holders.users.length > 0;
}
