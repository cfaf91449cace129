import { INVOICE_TAXES, PICTURE_UPLOAD_KEY, type ShootingAdminView, type ShootingInvoice, type ShootingService } from '#shared/catalogue/shootings.ts';
import { listingStateName } from '#shared/enums.ts';
import { Role } from '#shared/roles.ts';
import { getListingStateReadings } from '../storage/listing-state-readings.ts';
import { getListing, type StoredListing } from '../storage/listings.ts';
import { listServiceOffers, type StoredServiceOffer } from '../storage/service-offers.ts';
import { getShootingPackage } from '../storage/shooting-packages.ts';
import type { StoredShooting } from '../storage/shootings.ts';
import { activeUsersOfRole, getUser } from '../storage/users.ts';
import { unitLabel } from '#shared/rules/unit-label.ts';

/**
 * The shooting dialog (part 2 §7 'Planner and shootings', part 3 §4): the shooting with its
 * listing, broker, technicians, services and package, the services one may still add, and the
 * invoice drawn from the catalogue's prices (docs/decisions/0180, 0181).
 */

type Person = { id: number; firstname: string; lastname: string };
const personOf = (u: Person | undefined): Person | null => (u ? { id: u.id, firstname: u.firstname, lastname: u.lastname } : null);
const serviceOf = (o: StoredServiceOffer): ShootingService => ({ id: o.id, key_name: o.key_name, display_name: o.display_name, display_name_fr: o.display_name_fr, price: o.price });

/** Whether the shooting's services include 'Picture Upload' (the saisie-à-la-source flag applies). */
export async function hasPictureUpload(s: Pick<StoredShooting, 'service_offers'>, offers?: readonly StoredServiceOffer[]): Promise<boolean> {
  const pictureUpload = (offers ?? (await listServiceOffers())).find((o) => o.key_name === PICTURE_UPLOAD_KEY);
  return pictureUpload !== undefined && s.service_offers.includes(pictureUpload.id);
}

/** The dialog's view of a shooting. */
export async function adminView(s: StoredShooting): Promise<ShootingAdminView> {
  const [listing, broker, tech, ppTech, offers, pkg, readings] = await Promise.all([
    getListing(s.listing_id),
    getUser(s.broker_id),
    s.tech_id ? getUser(s.tech_id) : undefined,
    s.pp_tech_id ? getUser(s.pp_tech_id) : undefined,
    listServiceOffers(),
    s.shooting_package_id ? getShootingPackage(s.shooting_package_id) : undefined,
    getListingStateReadings(),
  ]);
  const byId = new Map(offers.map((o) => [o.id, o]));
  return {
    id: s.id,
    version: s.version,
    scheduleddate: s.scheduleddate,
    am: s.am,
    state: s.state,
    starttime: s.starttime,
    endtime: s.endtime,
    estimated_duration: s.estimated_duration,
    room_count: s.room_count,
    only_360: s.only_360,
    seasonal: s.seasonal,
    blue_hour: s.blue_hour,
    note: s.note,
    tech_note: s.tech_note,
    post_prod_notes: s.post_prod_notes,
    general_notes: s.general_notes,
    billable: s.billable,
    all_services_delivered: s.all_services_delivered,
    saisie_source_completed: s.saisie_source_completed,
    has_picture_upload: await hasPictureUpload(s, offers),
    sd_card: s.sd_card,
    invoice_id: s.invoice_id,
    tech: personOf(tech),
    pp_tech: personOf(ppTech),
    broker: { id: s.broker_id, firstname: broker?.firstname ?? listing?.broker.firstname ?? '', lastname: broker?.lastname ?? listing?.broker.lastname ?? '', email: broker?.email ?? '' },
    listing: { id: s.listing_id, address: listing?.address ?? '', app: listing?.app ?? '', city: listing?.city ?? '', postalcode: listing?.postalcode ?? '', mls: listing?.mls ?? null, state: listing?.state ?? 0, state_name: listingStateName(listing?.state ?? 0, readings.planner) },
    services: s.service_offers.flatMap((id) => (byId.has(id) ? [serviceOf(byId.get(id)!)] : [])),
    shooting_package: pkg ? { id: pkg.id, display_name_fr: pkg.display_name_fr, display_name_en: pkg.display_name_en, price: pkg.price } : null,
  };
}

/** The post-production technicians (roles 5 and 8, not suspended) one may assign, by last name. */
export async function postProdTechs(): Promise<Person[]> {
  const users = [...(await activeUsersOfRole(Role.tech_postprod)), ...(await activeUsersOfRole(Role.tech_postprod_lead))];
  return users.map((u) => personOf(u)!).sort((a, b) => a.lastname.localeCompare(b.lastname) || a.id - b.id);
}

/**
 * The services one may add to a shooting: available offers it does not have; one requiring an
 * MLS number only when the listing has one or already existed (the booking's rule, ADR 0134).
 */
export async function extraServices(s: StoredShooting, listing?: StoredListing): Promise<ShootingService[]> {
  const [offers, l] = await Promise.all([listServiceOffers(), listing ?? getListing(s.listing_id)]);
  const hasMls = Boolean(l?.mls) || Boolean(l?.is_existing_listing);
  return offers.filter((o) => o.available && !s.service_offers.includes(o.id) && (!o.require_mls || hasMls)).map(serviceOf);
}

const cents = (n: number) => Math.round(n * 100) / 100;

/** The invoice of a shooting that has its number: one line for the package, one per service, GST and QST. */
export function invoiceOf(view: ShootingAdminView, issuedOn: string): ShootingInvoice {
  const lines = [
    ...(view.shooting_package ? [{ label_fr: view.shooting_package.display_name_fr, label_en: view.shooting_package.display_name_en, amount: view.shooting_package.price }] : []),
    ...view.services.map((o) => ({ label_fr: o.display_name_fr, label_en: o.display_name, amount: o.price })),
  ];
  const subtotal = cents(lines.reduce((sum, line) => sum + line.amount, 0));
  const tps = cents(subtotal * INVOICE_TAXES.tps);
  const tvq = cents(subtotal * INVOICE_TAXES.tvq);
  const l = view.listing;
  return {
    invoice_id: view.invoice_id ?? '',
    issued_on: issuedOn,
    shooting_id: view.id,
    scheduleddate: view.scheduleddate,
    broker: { firstname: view.broker.firstname, lastname: view.broker.lastname, email: view.broker.email },
    address: [l.address, unitLabel(l.app), l.city, l.postalcode].filter(Boolean).join(', '),
    lines,
    subtotal,
    tps,
    tvq,
    total: cents(subtotal + tps + tvq),
  };
}
