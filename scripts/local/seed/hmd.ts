import { getHmd, insertHmd, updateHmd } from '#functions/storage/hmds.ts';
import { Role, type RoleId } from '#shared/roles.ts';
import { demoAccount } from '../demo-accounts.ts';
import type { SeedContext } from './context.ts';

/** VR headsets (part 2 "Head-mounted devices"): some assigned to demo users, some in stock. */
const HEADSETS: readonly { serial: string; holder?: RoleId; city?: string; postalcode?: string; notes?: string }[] = [
  { serial: 'Q3-2G9ZA1B4C', holder: Role.tech_capture, city: 'Montréal', postalcode: 'H2X 1Y4', notes: 'Étui rigide et deux manettes.' },
  { serial: 'Q3-2G9ZA1B7F', holder: Role.broker, city: 'Laval', postalcode: 'H7N 1A1', notes: 'Prêté pour les visites libres de la fin de semaine.' },
  { serial: 'Q3-2G9ZA1C02', holder: Role.sales, city: 'Québec', postalcode: 'G1R 4S9' },
  { serial: 'Q2-1WMZB8812', city: 'Montréal', postalcode: 'H3B 2Y5', notes: 'En stock au bureau.' },
  { serial: 'Q2-1WMZB8830', notes: 'Courroie à remplacer.' },
  { serial: 'PICO4-A7713X' },
];

export async function seedHmd({ now, log }: SeedContext): Promise<void> {
  for (const { serial, holder, city, postalcode, notes } of HEADSETS) {
    const { id } = await insertHmd(serial, now);
    const hmd = (await getHmd(id))!;
    await updateHmd(hmd, { user_id: holder ? demoAccount(holder).id : null, city: city ?? null, postalcode: postalcode ?? null, notes: notes ?? '' }, now);
  }
  log(`seeded ${HEADSETS.length} VR headsets (${HEADSETS.filter((h) => h.holder).length} assigned)`);
}
