import * as z from '../zod.ts';

/**
 * Field schemas of the catalogue entities (part 3 §3 'Service offer', 'Shooting package') with the
 * generic form rules of part 3 §5: a blank required field is refused with 'Required' (booleans too),
 * a required multi-select needs one choice, a blank number is sent as 0. The catalogue's input
 * schemas and the web's catalogue form both use them (docs/decisions/0133).
 */
export const CATALOGUE_MESSAGES = {
  required: 'Required',
  oneChoice: 'Choose at least one.',
  notNegative: 'Must be 0 or more.',
  wholeNumber: 'Must be a whole number.',
  tooLong: 'Too long.',
  number: 'Must be a number.',
  text: 'Must be a text.',
  subscription: 'Choose one of the subscriptions.',
  offerType: 'Choose boolean (1) or number (2).',
  unknownOffer: 'This service offer does not exist.',
  keyTaken: 'This key name is already used.',
  changedMeanwhile: 'This item changed meanwhile (or was deleted); reload it and try again.',
} as const;

export type CatalogueMessage = keyof typeof CATALOGUE_MESSAGES;

/** Subscription options, stored as the spec gives them (part 3 §3, §9). */
export const CATALOGUE_SUBSCRIPTIONS = ['Base', 'Rabais 10', 'Rabais 20', 'Rabais 30'] as const;
export type CatalogueSubscription = (typeof CATALOGUE_SUBSCRIPTIONS)[number];

/** Service offer type: boolean 1, number 2. */
export const OFFER_TYPES = [1, 2] as const;

const M = CATALOGUE_MESSAGES;
/** 'Required' when the field is absent, the type's message otherwise. */
const missingOr = (message: string) => (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? M.required : message);

/** A required text: trimmed, not blank. */
export const requiredText = (max: number) => z.string({ error: missingOr(M.text) }).trim().min(1, M.required).max(max, M.tooLong);
/** An optional text: trimmed, blank allowed (stored as ''). */
export const optionalText = (max: number) =>
  z
    .string({ error: M.text })
    .trim()
    .max(max, M.tooLong)
    .nullable()
    .transform((value) => value ?? '')
    .default('');
/** A required boolean: true or false must be given ('Required' otherwise). */
export const requiredBoolean = () => z.boolean({ error: missingOr(M.required) });

/** A number field: a blank ('' or spaces) is 0 (part 3 §5), then the bounds apply. */
function numberField(inner: z.ZodType<number, number>) {
  return z
    .union([z.number(), z.string().trim().max(0, M.number)], { error: missingOr(M.number) })
    .transform((value) => (typeof value === 'string' ? 0 : value))
    .pipe(inner);
}
export const amount = () => numberField(z.number().min(0, M.notNegative).max(1_000_000, M.tooLong));
export const count = () => numberField(z.number().int(M.wholeNumber).min(0, M.notNegative).max(1_000_000, M.tooLong));
export const orderIndex = () => numberField(z.number().int(M.wholeNumber).min(-1_000_000, M.tooLong).max(1_000_000, M.tooLong));
/** An optional number: absent or blank is 0 ('no recommendation' for the recommendation range). */
export const optionalCount = () => count().default(0);

export const subscriptionField = () => z.enum(CATALOGUE_SUBSCRIPTIONS, { error: missingOr(M.subscription) });
export const offerTypeField = () => z.union([z.literal(1), z.literal(2)], { error: missingOr(M.offerType) });
/** Ids of service offers (a multi-select), optional: absent is none. */
const offerIdList = () => z.array(z.number({ error: M.unknownOffer }).int().positive(), { error: M.required }).max(90, M.tooLong);
export const optionalOfferIds = () => offerIdList().default([]);
