/**
 * The offline gazetteer (docs/decisions/0052-location-port.md): the Quebec municipalities the
 * business serves or is asked about, and the street addresses of the demo data, with positions.
 * Positions are approximate (municipality centres; addresses to the block), enough for the
 * city check, the availability's travel estimate and the demo.
 */
export interface GazetteerPlace {
  /** Stable id: `gaz:<slug>`. */
  id: string;
  kind: 'municipality' | 'address';
  /** Street address ('' for a municipality). */
  address: string;
  city: string;
  postalcode: string;
  lat: number;
  lng: number;
}

const municipalities: Array<[string, number, number, string?]> = [
  ['Montréal', 45.5019, -73.5674, 'H2Y 1C6'],
  ['Laval', 45.6066, -73.7124, 'H7V 3Z4'],
  ['Longueuil', 45.5312, -73.5185, 'J4K 2T1'],
  ['Brossard', 45.4584, -73.4658, 'J4W 1Y4'],
  ['Boucherville', 45.5912, -73.436, 'J4B 2C9'],
  ['Saint-Lambert', 45.5003, -73.5054, 'J4P 2H8'],
  ['La Prairie', 45.4163, -73.4988],
  ['Candiac', 45.3893, -73.5177],
  ['Chambly', 45.4493, -73.2873],
  ['Saint-Bruno-de-Montarville', 45.5316, -73.3493],
  ['Westmount', 45.4833, -73.5982, 'H3Z 2Y1'],
  ['Mont-Royal', 45.516, -73.6467],
  ['Outremont', 45.5188, -73.6079],
  ['Dorval', 45.4478, -73.7444],
  ['Pointe-Claire', 45.4487, -73.8168],
  ['Kirkland', 45.4502, -73.8662],
  ['Dollard-des-Ormeaux', 45.4941, -73.8246],
  ['Terrebonne', 45.7, -73.6471],
  ['Repentigny', 45.7422, -73.45],
  ['Blainville', 45.6739, -73.8802],
  ['Boisbriand', 45.6135, -73.8388],
  ['Mirabel', 45.6502, -74.0822],
  ['Saint-Jérôme', 45.7804, -74.0036],
  ['Châteauguay', 45.3801, -73.7496],
  ['Vaudreuil-Dorion', 45.4001, -74.0332],
  ['Saint-Jean-sur-Richelieu', 45.3071, -73.2626],
  ['Beloeil', 45.5671, -73.2015],
  ['Québec', 46.8139, -71.208, 'G1R 4S9'],
  ['Lévis', 46.8032, -71.1779, 'G6V 4Z2'],
  ["L'Ancienne-Lorette", 46.7989, -71.3574],
  ['Saint-Augustin-de-Desmaures', 46.7404, -71.4587],
  ['Boischatel', 46.9017, -71.1486],
  ['Gatineau', 45.4765, -75.7013, 'J8X 3Y9'],
  ['Sherbrooke', 45.4042, -71.8929, 'J1H 1Z1'],
  ['Trois-Rivières', 46.3432, -72.5477, 'G9A 5H3'],
  ['Drummondville', 45.8838, -72.4843],
  ['Granby', 45.4001, -72.7333],
  ['Saguenay', 48.428, -71.0685],
  ['Rimouski', 48.4489, -68.523],
  ['Rouyn-Noranda', 48.2366, -79.0231],
  ['Magog', 45.2668, -72.1476],
  ['Saint-Hyacinthe', 45.6307, -72.9568],
  ['Joliette', 46.0217, -73.44],
  ['Shawinigan', 46.5668, -72.7491],
];

/** Demo street addresses (the seeded listings and those the browser tests book). */
const addresses: Array<[string, string, string, number, number]> = [
  ['1000 Rue Sherbrooke Ouest', 'Montréal', 'H3A 3G4', 45.5035, -73.5747],
  ['4500 Rue Saint-Denis', 'Montréal', 'H2J 2L3', 45.5245, -73.5845],
  ['6000 Boulevard Saint-Laurent', 'Montréal', 'H2T 1S1', 45.5305, -73.6045],
  ['2500 Rue Beaubien Est', 'Montréal', 'H2G 1N1', 45.5435, -73.5925],
  ['7000 Avenue du Parc', 'Montréal', 'H3N 1X1', 45.5325, -73.6245],
  ['1500 Rue Ontario Est', 'Montréal', 'H2L 1S2', 45.5225, -73.5555],
  ['3200 Rue Wellington', 'Montréal', 'H4G 1T9', 45.4645, -73.5705],
  ['5100 Chemin de la Côte-des-Neiges', 'Montréal', 'H3T 1X9', 45.4965, -73.6215],
  ['8200 Boulevard Newman', 'Montréal', 'H8N 1X9', 45.4445, -73.6195],
  ['12000 Boulevard Gouin Ouest', 'Montréal', 'H8Z 1V4', 45.5035, -73.8285],
  ['250 Boulevard Saint-Martin Ouest', 'Laval', 'H7M 3Y6', 45.5655, -73.7255],
  ['1600 Boulevard Le Corbusier', 'Laval', 'H7S 1Y9', 45.5695, -73.7495],
  ['3000 Boulevard de la Concorde Est', 'Laval', 'H7E 2C1', 45.6065, -73.6685],
  ['150 Rue Saint-Charles Ouest', 'Longueuil', 'J4H 1C7', 45.5385, -73.5135],
  ['2100 Boulevard Roland-Therrien', 'Longueuil', 'J4N 1A3', 45.5505, -73.4625],
  ['6000 Boulevard Taschereau', 'Brossard', 'J4W 1M6', 45.4605, -73.4625],
  ['700 Boulevard de Mortagne', 'Boucherville', 'J4B 5E4', 45.6015, -73.4355],
  ['1200 Avenue Cartier', 'Québec', 'G1R 2S4', 46.8055, -71.2225],
  ['800 Boulevard René-Lévesque Ouest', 'Québec', 'G1S 1T2', 46.8005, -71.2385],
  ['2500 Boulevard Laurier', 'Québec', 'G1V 2L1', 46.7735, -71.2855],
  ['5000 Boulevard des Gradins', 'Québec', 'G2J 1N1', 46.8525, -71.2635],
  ['50 Route du Président-Kennedy', 'Lévis', 'G6V 6C5', 46.7985, -71.1805],
  ['100 Rue Wellington Nord', 'Sherbrooke', 'J1H 5B9', 45.4045, -71.8925],
  ['25 Rue Laurier', 'Gatineau', 'J8X 4C8', 45.4285, -75.7135],
];

/** Ids that stay the same for the same place: the seed and the tests refer to them. */
export function slug(text: string): string {
  return normalize(text).replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

/** Lower case, no accents, single spaces: what searches compare. */
export function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[’']/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export const GAZETTEER: readonly GazetteerPlace[] = [
  ...municipalities.map(([city, lat, lng, postalcode]) => ({ id: `gaz:${slug(city)}`, kind: 'municipality' as const, address: '', city, postalcode: postalcode ?? '', lat, lng })),
  ...addresses.map(([address, city, postalcode, lat, lng]) => ({ id: `gaz:${slug(`${address} ${city}`)}`, kind: 'address' as const, address, city, postalcode, lat, lng })),
];

/** The label a suggestion shows, as Amazon Location writes it. */
export function placeLabel(place: GazetteerPlace): string {
  return place.kind === 'address' ? `${place.address}, ${place.city}, QC ${place.postalcode}, CAN` : `${place.city}, QC, CAN`;
}

/** A demo address by its street text (seeders and tests). */
export function demoAddress(address: string): GazetteerPlace {
  const found = GAZETTEER.find((p) => p.kind === 'address' && p.address === address);
  if (!found) throw new Error(`no gazetteer address ${address}`);
  return found;
}
