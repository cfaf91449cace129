/**
 * Kilometre pay and technician cost, part 2 section 9 and part 1 section 9.
 * The first 50 km per technician per day are free; beyond that a per-km rate applies.
 * Two readings of the rate exist and both are kept as settings (docs/decisions/0032):
 * 'default' = 0.5 per km with exception technicians 1016 and 1017 at 0.59 (the planner's
 * reading); 'flat059' = 0.59 for everyone (the configuration value's other reading).
 */
export interface KmSettings {
  /** Kilometres per technician per day that are not paid. */
  freeKmPerDay: number;
  /** Rate per km beyond the free kilometres. */
  ratePerKm: number;
  /** Technician ids paid at `exceptionRatePerKm` instead. */
  exceptionTechIds: readonly number[];
  exceptionRatePerKm: number;
}

export const DEFAULT_KM_SETTINGS: KmSettings = {
  freeKmPerDay: 50,
  ratePerKm: 0.5,
  exceptionTechIds: [1016, 1017],
  exceptionRatePerKm: 0.59,
};

/** The other reading: the configuration value is 0.59 per km for every technician. */
export const FLAT_059_KM_SETTINGS: KmSettings = {
  freeKmPerDay: 50,
  ratePerKm: 0.59,
  exceptionTechIds: [1016, 1017],
  exceptionRatePerKm: 0.59,
};

export const KM_SETTINGS_READINGS = { default: DEFAULT_KM_SETTINGS, flat059: FLAT_059_KM_SETTINGS } as const;

/** The per-km rate that applies to a technician. */
export function kmRate(techId: number, settings: KmSettings = DEFAULT_KM_SETTINGS): number {
  return settings.exceptionTechIds.includes(techId) ? settings.exceptionRatePerKm : settings.ratePerKm;
}

/** Paid kilometres of one technician's day: max(0, km − free km). */
export function paidKm(kmOfDay: number, settings: KmSettings = DEFAULT_KM_SETTINGS): number {
  return Math.max(0, kmOfDay - settings.freeKmPerDay);
}

/** Kilometre cost of one technician's day, rounded to the cent. */
export function kmCost(techId: number, kmOfDay: number, settings: KmSettings = DEFAULT_KM_SETTINGS): number {
  return roundCents(paidKm(kmOfDay, settings) * kmRate(techId, settings));
}

export interface TechnicianDayCostInput {
  techId: number;
  kmOfDay: number;
  /** Commissions of the shooting packages done that day. */
  packageCommissions: readonly number[] | number;
  /** Commissions of the service offers done that day. */
  serviceOfferCommissions: readonly number[] | number;
}

export interface TechnicianDayCost {
  packageCommissions: number;
  serviceOfferCommissions: number;
  kmCost: number;
  total: number;
}

/** Technician cost total = package commissions + service-offer commissions + km cost. */
export function technicianCost(input: TechnicianDayCostInput, settings: KmSettings = DEFAULT_KM_SETTINGS): TechnicianDayCost {
  const sum = (v: readonly number[] | number) => (typeof v === 'number' ? v : v.reduce((a, b) => a + b, 0));
  const packageCommissions = roundCents(sum(input.packageCommissions));
  const serviceOfferCommissions = roundCents(sum(input.serviceOfferCommissions));
  const km = kmCost(input.techId, input.kmOfDay, settings);
  return { packageCommissions, serviceOfferCommissions, kmCost: km, total: roundCents(packageCommissions + serviceOfferCommissions + km) };
}

function roundCents(x: number): number {
  return Math.round(x * 100) / 100;
}
