import type { BrokerOfficeRecord } from '#shared/entities/broker-office.ts';
import { putBrokerOffices } from '#functions/storage/broker-offices.ts';
import type { Seeder } from './context.ts';

/**
 * Broker offices of the zone map (part 2 §3 "Broker office"): demo agencies with their listing
 * and broker counts, around Montréal, Laval, the South Shore, Québec–Lévis, and two outside the
 * served area (Sherbrooke, Gatineau), so the map shows clusters and lone markers.
 */
export const DEMO_BROKER_OFFICES: readonly Omit<BrokerOfficeRecord, 'id'>[] = [
  { name: 'Immo Plateau', lat: 45.5225, lng: -73.5805, listing_count: 42, broker_count: 11 },
  { name: 'Groupe Mont-Royal Immobilier', lat: 45.5185, lng: -73.5905, listing_count: 67, broker_count: 19 },
  { name: 'Agence Vieux-Port', lat: 45.5045, lng: -73.5545, listing_count: 23, broker_count: 6 },
  { name: 'Rosemont Habitations', lat: 45.5435, lng: -73.5875, listing_count: 31, broker_count: 8 },
  { name: 'Courtiers de Villeray', lat: 45.5455, lng: -73.6225, listing_count: 18, broker_count: 5 },
  { name: 'NDG Propriétés', lat: 45.4735, lng: -73.6165, listing_count: 27, broker_count: 7 },
  { name: 'Verdun Immobilier', lat: 45.4585, lng: -73.5715, listing_count: 15, broker_count: 4 },
  { name: 'Ouest-de-l’Île Réalty', lat: 45.4505, lng: -73.7425, listing_count: 38, broker_count: 12 },
  { name: 'Laval Centre Immobilier', lat: 45.5585, lng: -73.7215, listing_count: 54, broker_count: 15 },
  { name: 'Chomedey Courtage', lat: 45.5365, lng: -73.7505, listing_count: 22, broker_count: 6 },
  { name: 'Terrebonne Propriétés', lat: 45.7005, lng: -73.6475, listing_count: 29, broker_count: 9 },
  { name: 'Saint-Jérôme Immobilier', lat: 45.7785, lng: -74.0015, listing_count: 17, broker_count: 5 },
  { name: 'Longueuil Rive-Sud Immo', lat: 45.5315, lng: -73.5185, listing_count: 46, broker_count: 13 },
  { name: 'Brossard Habitations', lat: 45.4585, lng: -73.4685, listing_count: 33, broker_count: 10 },
  { name: 'Saint-Jean Courtiers', lat: 45.3075, lng: -73.2625, listing_count: 12, broker_count: 4 },
  { name: 'Québec Haute-Ville Immobilier', lat: 46.8115, lng: -71.2085, listing_count: 39, broker_count: 10 },
  { name: 'Sainte-Foy Propriétés', lat: 46.7775, lng: -71.2855, listing_count: 44, broker_count: 12 },
  { name: 'Lévis Rive-Sud Courtage', lat: 46.8035, lng: -71.1775, listing_count: 21, broker_count: 6 },
  { name: 'Sherbrooke Estrie Immo', lat: 45.4025, lng: -71.8925, listing_count: 19, broker_count: 5 },
  { name: 'Gatineau Outaouais Immobilier', lat: 45.4775, lng: -75.7015, listing_count: 24, broker_count: 7 },
];

export const seedBrokerOffices: Seeder = async ({ log }) => {
  await putBrokerOffices(DEMO_BROKER_OFFICES.map((o, i) => ({ id: i + 1, ...o })));
  log(`seeded ${DEMO_BROKER_OFFICES.length} broker offices`);
};
