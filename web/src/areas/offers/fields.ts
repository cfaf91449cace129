import { OFFER_PROTECTION_MESSAGES } from '#shared/catalogue/offers.ts';
import { CATALOGUE_MESSAGES, CATALOGUE_SUBSCRIPTIONS, OFFER_TYPES, type CatalogueMessage } from '#shared/entities/catalogue-fields.ts';
import type { ZodType } from '#shared/zod.ts';
import type { TFunction } from 'i18next';

/**
 * The field description that drives the generic catalogue screens (part 3 screen 10): one entry per
 * field of the entity (part 3 §3), in display order. Labels are `offers.field.<name>`.
 */
export type FieldKind = 'text' | 'textarea' | 'number' | 'boolean' | 'select' | 'offers';

export interface FieldSpec {
  name: string;
  kind: FieldKind;
  required: boolean;
  /** select: the stored values; labels are `offers.option.<name>.<value>`. */
  options?: readonly (string | number)[];
}

const f = (name: string, kind: FieldKind, required = true, options?: readonly (string | number)[]): FieldSpec => ({ name, kind, required, ...(options ? { options } : {}) });

/** Service offer: all required except id and description_fr. */
export const SERVICE_OFFER_FIELDS: readonly FieldSpec[] = [
  f('key_name', 'text'),
  f('display_name', 'text'),
  f('display_name_fr', 'text'),
  f('description', 'textarea'),
  f('description_fr', 'textarea', false),
  f('price', 'number'),
  f('type', 'select', true, OFFER_TYPES),
  f('processing_time_in_minutes', 'number'),
  f('zoho_item_id', 'text'),
  f('order_index', 'number'),
  f('available', 'boolean'),
  f('is_global', 'boolean'),
  f('subscription', 'select', true, CATALOGUE_SUBSCRIPTIONS),
  f('require_mls', 'boolean'),
];

/** Shooting package: recommendation range, excluded items and included offers optional. */
export const SHOOTING_PACKAGE_FIELDS: readonly FieldSpec[] = [
  f('key_name', 'text'),
  f('display_name_fr', 'text'),
  f('display_name_en', 'text'),
  f('price', 'number'),
  f('hdr_photo_count', 'number'),
  f('items_fr', 'textarea'),
  f('items', 'textarea'),
  f('order_index', 'number'),
  f('is_visible_to_brokers', 'boolean'),
  f('recommendation_min', 'number', false),
  f('recommendation_max', 'number', false),
  f('zoho_item_id', 'text'),
  f('gf_clause', 'boolean'),
  f('subscription', 'select', true, CATALOGUE_SUBSCRIPTIONS),
  f('excluded_items_en', 'textarea', false),
  f('excluded_items_fr', 'textarea', false),
  f('included_service_offers', 'offers', false),
];

export type FormValues = Record<string, unknown>;

/** A blank form: booleans and selects start unchosen, so a required one left alone says 'Required'. */
export function blankValues(fields: readonly FieldSpec[]): FormValues {
  return Object.fromEntries(fields.map((field) => [field.name, field.kind === 'offers' ? [] : field.kind === 'boolean' || field.kind === 'select' ? null : '']));
}

/** The form's values of a stored item (the fields only). */
export function valuesOf(fields: readonly FieldSpec[], item: Record<string, unknown>): FormValues {
  return Object.fromEntries(fields.map((field) => [field.name, item[field.name] ?? blankValues([field])[field.name]]));
}

/** What is sent: a blank number is 0 (part 3 §5); unchosen booleans and selects are left out (the server says 'Required'). */
export function toInput(fields: readonly FieldSpec[], values: FormValues): FormValues {
  const out: FormValues = {};
  for (const field of fields) {
    const value = values[field.name];
    if (field.kind === 'number') out[field.name] = value === '' || value === null || value === undefined ? 0 : value;
    else if (value !== null && value !== undefined) out[field.name] = value;
  }
  return out;
}

/** The messages the screen knows (`offers.message.<key>`): the field schemas' and the protected offers' refusals. */
const MESSAGES: Readonly<Record<string, string>> = { ...CATALOGUE_MESSAGES, ...OFFER_PROTECTION_MESSAGES };
type MessageKey = CatalogueMessage | keyof typeof OFFER_PROTECTION_MESSAGES;

/** Field name → the key of its first message (CATALOGUE_MESSAGES), or of a message of the server. */
export type FieldErrors = Record<string, MessageKey | string>;

/** The message key of a schema's or the server's message, or the message itself when it is not one the screen knows. */
export function messageKey(message: string): MessageKey | string {
  return (Object.keys(MESSAGES) as MessageKey[]).find((key) => MESSAGES[key] === message) ?? message;
}

/** A schema's or the server's message in the reader's language when it is one the screen knows, else as written. */
export function messageText(t: TFunction, message: string): string {
  const key = messageKey(message);
  return key in MESSAGES ? t(`offers.message.${key}`) : message;
}

/**
 * The generic form rules of part 3 §5, checked with the create operation's input schema (the server's
 * own), plus the one the schema cannot know: a required multi-select needs one choice.
 */
export function validate(fields: readonly FieldSpec[], values: FormValues, schema: ZodType): FieldErrors {
  const errors: FieldErrors = {};
  const parsed = schema.safeParse(toInput(fields, values));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? '');
      if (name && !(name in errors)) errors[name] = messageKey(issue.message);
    }
  }
  for (const field of fields) {
    if (field.kind === 'offers' && field.required && (values[field.name] as unknown[]).length === 0) errors[field.name] = 'oneChoice';
  }
  return errors;
}

/**
 * What the admin changed and the stored item does not hold: the fields whose typed value differs
 * from the item the form opened with and from the item as stored now (after a 'changed meanwhile'
 * refusal the form shows the stored values and lists these, with what the admin typed).
 */
export function unsavedChanges(fields: readonly FieldSpec[], typed: FormValues, opened: Record<string, unknown>, stored: Record<string, unknown>): Array<[FieldSpec, unknown]> {
  const sent = (field: FieldSpec, values: FormValues) => JSON.stringify(toInput([field], values)[field.name]);
  const [openedValues, storedValues] = [valuesOf(fields, opened), valuesOf(fields, stored)];
  return fields.filter((field) => sent(field, typed) !== sent(field, openedValues) && sent(field, typed) !== sent(field, storedValues)).map((field) => [field, typed[field.name]]);
}
