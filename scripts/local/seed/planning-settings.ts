import { putPlanningSettings } from '#functions/storage/planning-settings.ts';
import { ServiceOffer } from '#shared/enums.ts';
import type { SeedContext } from './context.ts';

/**
 * Demo planning settings: the default kilometre reading (0.5/km, technicians 1016 and 1017 at
 * 0.59) and demo commissions per service offer and shooting package for the technician cost.
 */
export async function seedPlanningSettings({ log }: SeedContext): Promise<void> {
  await putPlanningSettings({
    kmReading: 'default',
    serviceOfferCommissions: {
      [ServiceOffer.two_d]: 25,
      [ServiceOffer.vr]: 20,
      [ServiceOffer.drone]: 30,
      [ServiceOffer.blue_hour]: 15,
      [ServiceOffer.video]: 35,
      [ServiceOffer.measures]: 10,
    },
    shootingPackageCommissions: { 1: 40, 2: 55, 3: 70 },
  });
  log('seeded planning settings (km reading, commissions)');
}
