import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from '#shared/zod.ts';
import { KM_SETTINGS_READINGS, type KmSettings } from '#shared/rules/km-cost.ts';
import { db, tableName } from '../plumbing/aws.ts';
import { keys } from '../plumbing/keys.ts';
import { schema } from '#shared/schema.ts';

/**
 * The planning settings, stored (not guessed): which reading of the kilometre rate applies
 * (part 2 §9 keeps both: 'default' = 0.5/km with technicians 1016 and 1017 at 0.59, 'flat059'
 * = 0.59/km for all) and the technician commissions per service offer and shooting package used
 * in the technician cost (package commissions + service-offer commissions + km cost).
 */
export const planningSettingsSchema = /* @__PURE__ */ schema(() => z.object({
  kmReading: z.enum(['default', 'flat059']).default('default'),
  /** Commission paid to the technician per service offer id done. */
  serviceOfferCommissions: z.record(z.string(), z.number().nonnegative()).default({}),
  /** Commission paid to the technician per shooting package id done. */
  shootingPackageCommissions: z.record(z.string(), z.number().nonnegative()).default({}),
}));
export type PlanningSettingsRecord = z.infer<typeof planningSettingsSchema>;

export async function getPlanningSettings(): Promise<PlanningSettingsRecord> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.settings('planning') }));
  return planningSettingsSchema.parse(Item ?? {});
}

export async function putPlanningSettings(settings: PlanningSettingsRecord): Promise<void> {
  await db.send(new PutCommand({ TableName: tableName(), Item: { ...keys.settings('planning'), ...planningSettingsSchema.parse(settings) } }));
}

export function kmSettingsOf(settings: PlanningSettingsRecord): KmSettings {
  return KM_SETTINGS_READINGS[settings.kmReading];
}

/** The commissions a technician earns for one shooting. */
export function commissionsOf(settings: PlanningSettingsRecord, shooting: { service_offers: readonly number[]; shooting_package_id: number | null }): { packages: number; offers: number } {
  const offers = shooting.service_offers.reduce((sum, id) => sum + (settings.serviceOfferCommissions[String(id)] ?? 0), 0);
  const packages = shooting.shooting_package_id === null ? 0 : (settings.shootingPackageCommissions[String(shooting.shooting_package_id)] ?? 0);
  return { packages, offers };
}
