import * as z from '../zod.ts';
import { ADMIN_ROLES } from '../roles.ts';
import { serviceOfferFields, serviceOfferRecord } from '../entities/service-offer.ts';
import { shootingPackageFields, shootingPackageRecord } from '../entities/shooting-package.ts';
import { defineOperation } from './operation.ts';
import { schema } from '#shared/schema.ts';

/**
 * The catalogue of service offers and shooting packages (part 3 screen 10, §3, §5; part 2 §7
 * getAllServiceOffers, getAllShootingPackages). Every logged-in user reads it (booking wizard, user
 * form, extra services); brokers and clients see only the available offers and the packages visible
 * to brokers. Only administrators (1, 2) change it (docs/decisions/0133).
 */

/** The offers the product relies on (docs/decisions/0615), as plain values in shared/rules. */
export { isProtectedOffer, OFFER_PROTECTION_MESSAGES, PROTECTED_OFFER_IDS, PROTECTED_OFFER_KEYS } from '../rules/protected-offers.ts';

const id = /* @__PURE__ */ schema(() => z.coerce.number().int().positive());
/** The version the editor read: an update of a changed item answers 409. */
const version = /* @__PURE__ */ schema(() => z.coerce.number().int().positive());

/** What blocks a deletion (409 `details`): the packages including the offer, the users holding it. */
export const catalogueHolders = /* @__PURE__ */ schema(() => z.object({
  packages: z.array(z.object({ id: z.number().int(), key_name: z.string(), display_name_fr: z.string(), display_name_en: z.string() })),
  users: z.array(z.object({ id: z.number().int(), firstname: z.string(), lastname: z.string(), role: z.number().int() })),
}));
export type CatalogueHolders = z.infer<typeof catalogueHolders>;

export const getAllServiceOffers = /* @__PURE__ */ defineOperation(() => ({
  id: 'getAllServiceOffers',
  area: 'offers',
  method: 'GET',
  path: '/api/service-offers',
  access: 'authenticated',
  summary: 'Every service offer, by order_index (brokers and clients: the available ones).',
  input: z.object({}),
  output: z.object({ data: z.array(serviceOfferRecord) }),
  resources: ['table'],
  writes: [],
}));

export const getServiceOffer = /* @__PURE__ */ defineOperation(() => ({
  id: 'getServiceOffer',
  area: 'offers',
  method: 'GET',
  path: '/api/service-offers/{id}',
  access: ADMIN_ROLES,
  summary: 'One service offer (404 when absent).',
  input: z.object({ id }),
  output: z.object({ data: serviceOfferRecord }),
  resources: ['table'],
  writes: [],
}));

export const createServiceOffer = /* @__PURE__ */ defineOperation(() => ({
  id: 'createServiceOffer',
  area: 'offers',
  method: 'POST',
  path: '/api/service-offers',
  access: ADMIN_ROLES,
  summary: 'Create a service offer; every field but description_fr is required, a blank number is 0; key_name unique (409).',
  input: serviceOfferFields,
  output: z.object({ data: serviceOfferRecord }),
  resources: ['table'],
}));

export const updateServiceOffer = /* @__PURE__ */ defineOperation(() => ({
  id: 'updateServiceOffer',
  area: 'offers',
  method: 'PUT',
  path: '/api/service-offers/{id}',
  access: ADMIN_ROLES,
  summary: 'Replace a service offer’s fields; `version` is the one read (409 when it changed meanwhile or key_name is taken; 422 renaming an offer the application relies on).',
  input: serviceOfferFields.extend({ id, version }),
  output: z.object({ data: serviceOfferRecord }),
  resources: ['table'],
}));

export const deleteServiceOffer = /* @__PURE__ */ defineOperation(() => ({
  id: 'deleteServiceOffer',
  area: 'offers',
  method: 'DELETE',
  path: '/api/service-offers/{id}',
  access: ADMIN_ROLES,
  summary: 'Delete a service offer; 409 with the packages and users holding it; 422 for an offer the application relies on.',
  input: z.object({ id, version: version.optional() }),
  output: z.object({ status: z.literal(200), id: z.number().int() }),
  resources: ['table'],
}));

export const getAllShootingPackages = /* @__PURE__ */ defineOperation(() => ({
  id: 'getAllShootingPackages',
  area: 'offers',
  method: 'GET',
  path: '/api/shooting-packages',
  access: 'authenticated',
  summary: 'Every shooting package, by order_index (brokers and clients: those visible to brokers).',
  input: z.object({}),
  output: z.object({ data: z.array(shootingPackageRecord) }),
  resources: ['table'],
  writes: [],
}));

export const getShootingPackage = /* @__PURE__ */ defineOperation(() => ({
  id: 'getShootingPackage',
  area: 'offers',
  method: 'GET',
  path: '/api/shooting-packages/{id}',
  access: ADMIN_ROLES,
  summary: 'One shooting package (404 when absent).',
  input: z.object({ id }),
  output: z.object({ data: shootingPackageRecord }),
  resources: ['table'],
  writes: [],
}));

export const createShootingPackage = /* @__PURE__ */ defineOperation(() => ({
  id: 'createShootingPackage',
  area: 'offers',
  method: 'POST',
  path: '/api/shooting-packages',
  access: ADMIN_ROLES,
  summary: 'Create a shooting package; included_service_offers must name existing offers (400); key_name unique (409).',
  input: shootingPackageFields,
  output: z.object({ data: shootingPackageRecord }),
  resources: ['table'],
}));

export const updateShootingPackage = /* @__PURE__ */ defineOperation(() => ({
  id: 'updateShootingPackage',
  area: 'offers',
  method: 'PUT',
  path: '/api/shooting-packages/{id}',
  access: ADMIN_ROLES,
  summary: 'Replace a shooting package’s fields; `version` is the one read (409 when it changed meanwhile or key_name is taken).',
  input: shootingPackageFields.extend({ id, version }),
  output: z.object({ data: shootingPackageRecord }),
  resources: ['table'],
}));

export const deleteShootingPackage = /* @__PURE__ */ defineOperation(() => ({
  id: 'deleteShootingPackage',
  area: 'offers',
  method: 'DELETE',
  path: '/api/shooting-packages/{id}',
  access: ADMIN_ROLES,
  summary: 'Delete a shooting package; 409 with the users holding it.',
  input: z.object({ id, version: version.optional() }),
  output: z.object({ status: z.literal(200), id: z.number().int() }),
  resources: ['table'],
}));
