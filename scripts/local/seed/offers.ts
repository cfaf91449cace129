import { insertServiceOffer } from '#functions/storage/service-offers.ts';
import { insertShootingPackage } from '#functions/storage/shooting-packages.ts';
import type { ServiceOfferFields } from '#shared/entities/service-offer.ts';
import type { ShootingPackageFields } from '#shared/entities/shooting-package.ts';
import { PictureServiceOffer, ServiceOffer } from '#shared/enums.ts';
import { PICTURE_UPLOAD_KEY } from '#shared/catalogue/shootings.ts';
import type { SeedContext } from './context.ts';

/**
 * The demo catalogue (part 3 §3): the service offers the spec numbers (part 1 §3 'Service offers'
 * and 'Picture service-offer ids', with those ids and key names) and the three packages the
 * technicians and commissions of the demo refer to (ids 1, 2, 3). Prices and times are demo values.
 */
type Offer = Pick<ServiceOfferFields, 'display_name' | 'display_name_fr' | 'description' | 'price' | 'processing_time_in_minutes'> & Partial<ServiceOfferFields>;

const OFFERS: Record<keyof typeof ServiceOffer, Offer> = {
  two_d: { display_name: '2D photos', display_name_fr: 'Photos 2D', description: 'HDR photos of every room and the exterior.', description_fr: 'Photos HDR de chaque pièce et de l’extérieur.', price: 0, processing_time_in_minutes: 30 },
  vr: { display_name: '360° virtual tour', display_name_fr: 'Visite virtuelle 360°', description: 'A 360° virtual tour of the property.', description_fr: 'Une visite virtuelle 360° de la propriété.', price: 0, processing_time_in_minutes: 30 },
  drone: { display_name: 'Drone', display_name_fr: 'Drone', description: 'Aerial photos by drone.', description_fr: 'Photos aériennes par drone.', price: 150, processing_time_in_minutes: 20 },
  blue_hour: { display_name: 'Blue hour', display_name_fr: 'Heure bleue', description: 'Exterior photos at dusk.', description_fr: 'Photos extérieures au crépuscule.', price: 125, processing_time_in_minutes: 30 },
  video: { display_name: 'Video', display_name_fr: 'Vidéo', description: 'A short video of the property.', description_fr: 'Une courte vidéo de la propriété.', price: 250, processing_time_in_minutes: 45 },
  measures: { display_name: 'Measures', display_name_fr: 'Mesures', description: 'Room measures and a floorplan.', description_fr: 'Mesures des pièces et plan.', price: 75, processing_time_in_minutes: 15, require_mls: true },
  seasonal_shoot: { display_name: 'Seasonal shoot', display_name_fr: 'Prise de vue saisonnière', description: 'Exterior photos in another season.', description_fr: 'Photos extérieures dans une autre saison.', price: 100, processing_time_in_minutes: 20, require_mls: true },
  one_week_rental: { display_name: 'One-week rental', display_name_fr: 'Location d’une semaine', description: 'A VR headset lent for one week.', description_fr: 'Un casque de réalité virtuelle prêté une semaine.', price: 50, processing_time_in_minutes: 0 },
  staging: { display_name: 'Virtual staging', display_name_fr: 'Mise en scène virtuelle', description: 'Furniture added to photos, per photo.', description_fr: 'Mobilier ajouté aux photos, par photo.', price: 40, processing_time_in_minutes: 0, type: 2 },
};

const PICTURE_TYPES = { traditional: ['traditional photos', 'photos traditionnelles'], blue_hour: ['blue hour photos', 'photos heure bleue'], drone: ['drone photos', 'photos drone'] } as const;
const PICTURE_FAMILIES = { application: ['Application', 'Application'], platform: ['Platform', 'Plateforme'], map: ['Map', 'Carte'] } as const;

function offerFields(key_name: string, o: Offer, order_index: number): ServiceOfferFields {
  return { key_name, description_fr: '', type: 1, zoho_item_id: `demo-${key_name}`, order_index, available: true, is_global: true, subscription: 'Base', require_mls: false, ...o };
}

const PACKAGES: Array<{ id: number } & ShootingPackageFields> = [
  { id: 1, key_name: 'essentiel', display_name_fr: 'Essentiel', display_name_en: 'Essential', price: 199, hdr_photo_count: 25, items_fr: '25 photos HDR\nVisite virtuelle 360°', items: '25 HDR photos\n360° virtual tour', order_index: 1, is_visible_to_brokers: true, recommendation_min: 12, recommendation_max: 20, zoho_item_id: 'demo-essentiel', gf_clause: false, subscription: 'Base', excluded_items_en: 'Drone', excluded_items_fr: 'Drone', included_service_offers: [ServiceOffer.two_d, ServiceOffer.vr] },
  { id: 2, key_name: 'prestige', display_name_fr: 'Prestige', display_name_en: 'Prestige', price: 329, hdr_photo_count: 35, items_fr: '35 photos HDR\nVisite virtuelle 360°\nDrone', items: '35 HDR photos\n360° virtual tour\nDrone', order_index: 2, is_visible_to_brokers: true, recommendation_min: 15, recommendation_max: 25, zoho_item_id: 'demo-prestige', gf_clause: false, subscription: 'Base', excluded_items_en: '', excluded_items_fr: '', included_service_offers: [ServiceOffer.two_d, ServiceOffer.vr, ServiceOffer.drone] },
  { id: 3, key_name: 'signature', display_name_fr: 'Signature', display_name_en: 'Signature', price: 549, hdr_photo_count: 50, items_fr: '50 photos HDR\nVisite virtuelle 360°\nDrone\nVidéo', items: '50 HDR photos\n360° virtual tour\nDrone\nVideo', order_index: 3, is_visible_to_brokers: false, recommendation_min: 0, recommendation_max: 0, zoho_item_id: 'demo-signature', gf_clause: true, subscription: 'Rabais 10', excluded_items_en: '', excluded_items_fr: '', included_service_offers: [ServiceOffer.two_d, ServiceOffer.drone, ServiceOffer.video] },
];

export async function seedOffers({ now, log }: SeedContext): Promise<void> {
  const offers = Object.entries(OFFERS) as Array<[keyof typeof ServiceOffer, Offer]>;
  for (const [index, [key, offer]] of offers.entries()) await insertServiceOffer(offerFields(key, offer, index + 1), { id: ServiceOffer[key], now });
  // Picture types (part 1 §3 'Picture service-offer ids'): not booked on their own.
  let order = 100;
  for (const [family, types] of Object.entries(PictureServiceOffer)) {
    for (const [type, id] of Object.entries(types)) {
      const [en, fr] = PICTURE_TYPES[type as keyof typeof PICTURE_TYPES];
      const [familyEn, familyFr] = PICTURE_FAMILIES[family as keyof typeof PICTURE_FAMILIES];
      const key = `${family}_${type}`;
      await insertServiceOffer(
        offerFields(key, { display_name: `${familyEn}: ${en}`, display_name_fr: `${familyFr} : ${fr}`, description: `Picture type: ${en} (${familyEn.toLowerCase()}).`, description_fr: `Type de photo : ${fr} (${familyFr.toLowerCase()}).`, price: 0, processing_time_in_minutes: 0, available: false, is_global: false }, order++),
        { id, now },
      );
    }
  }
  // 'Picture Upload' (part 3 §4: the saisie-à-la-source flag is shown only for its shootings), numbered from 1001.
  await insertServiceOffer(offerFields(PICTURE_UPLOAD_KEY, { display_name: 'Picture Upload', display_name_fr: 'Saisie à la source', description: 'The broker uploads pictures taken by the seller; we process them.', description_fr: 'Le courtier téléverse des photos prises par le vendeur; nous les traitons.', price: 35, processing_time_in_minutes: 15 }, 50), { now });
  for (const { id, ...fields } of PACKAGES) await insertShootingPackage(fields, { id, now });
  log(`seeded the catalogue (${offers.length + 10} service offers, ${PACKAGES.length} shooting packages)`);
}
