/**
 * The listings of the listing search bench (scripts/bench/listing-search.ts): the fields of the
 * i-th one, spread over streets, cities, brokers and MLS numbers as an office's listings are.
 */
const STREETS = [
  'rue Sherbrooke Est', 'rue Saint-Denis', 'boulevard Saint-Laurent', 'avenue du Parc', 'rue Ontario Est', 'chemin de la Côte-des-Neiges', 'rue Wellington', 'boulevard René-Lévesque',
  'avenue Papineau', 'rue Beaubien Est', 'rue Jean-Talon', 'boulevard Rosemont', 'avenue Laurier', 'rue Fleury', 'boulevard Henri-Bourassa', 'rue Notre-Dame Ouest', 'avenue Cartier',
  'boulevard Taschereau', 'boulevard de la Concorde', 'rue Principale', 'chemin Sainte-Foy', 'boulevard Laurier', 'rue King Ouest', 'boulevard des Forges', 'rue Racine', 'avenue Royale',
  'boulevard Talbot', 'rue Belvédère', 'boulevard Lapinière', 'rue Victoria', 'boulevard Curé-Labelle', 'montée Masson', 'rue Dufferin', 'boulevard Saint-Joseph', 'rue Crémazie',
  'avenue Christophe-Colomb', 'rue de Bleury', 'boulevard Gouin', 'rue Lajeunesse', 'boulevard Pie-IX',
];
const CITIES = ['Montréal', 'Laval', 'Longueuil', 'Québec', 'Gatineau', 'Sherbrooke', 'Trois-Rivières', 'Lévis', 'Terrebonne', 'Brossard', 'Repentigny', 'Saint-Jérôme', 'Granby', 'Blainville', 'Drummondville'];
const FIRST = ['Marie', 'Jean', 'Sophie', 'Luc', 'Isabelle', 'Marc', 'Julie', 'Pierre', 'Nathalie', 'François', 'Chantal', 'Éric', 'Mélanie', 'Martin', 'Annie'];
const LAST = ['Tremblay', 'Gagnon', 'Roy', 'Côté', 'Bouchard', 'Gauthier', 'Morin', 'Lavoie', 'Fortin', 'Gagné', 'Ouellet', 'Pelletier', 'Bélanger', 'Lévesque', 'Bergeron', 'Leblanc', 'Paquette', 'Girard', 'Simard', 'Boucher'];

export const fieldsOf = (i: number) => ({
  address: `${1 + ((i * 7919) % 9999)} ${STREETS[(i * 31) % STREETS.length]!}`,
  app: i % 5 ? '' : String(1 + (i % 12)),
  city: CITIES[(i * 13) % CITIES.length]!,
  postalcode: `H${i % 10}X ${(i * 3) % 10}Y${i % 7}`,
  room_count: 3 + (i % 9),
  is_house: i % 3 !== 0,
  lat: 45 + ((i * 17) % 1000) / 1000,
  lng: -74 + ((i * 29) % 1000) / 1000,
  state: i % 5,
  mls: i % 4 ? String(17_000_000 + i) : null,
  broker_id: 900_000 + (i % 400),
  broker: { firstname: FIRST[i % FIRST.length]!, lastname: LAST[(i * 7) % LAST.length]! },
  shootingdate: `2026-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
});

/** One listing in VISITED_EVERY gets a visit through the visit recording path (the visit totals read is exercised). */
export const VISITED_EVERY = 10;

/** The visit report of the i-th listing (when it is one of those visited). */
export const visitOf = (i: number, listingId: number) => ({ listingId, visitor: `bench-visitor-${i}`, session: `bench-session-${i}`, photos: 20, views: 1 + (i % 20), seconds: 30 + (i % 300) });
