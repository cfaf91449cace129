import type { DemoListing } from './brokers-listings.ts';

/**
 * A demo provider file at Quebec scale (about 15,000 brokers, 1,000 franchises, 60,000 listings
 * with `scale` 1), generated from a fixed seed rather than committed: the same file every time.
 * It also holds our own demo listings' addresses, written the provider's way ('St-', 'Boul.',
 * no accents, units before the number), so the MLS match-making has real work on the demo data:
 * most match, a condo building without a unit on our side is ambiguous, two are not there.
 */

/** mulberry32: a small deterministic PRNG. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const BANNERS = [
  ['RMX', 'RE/MAX'],
  ['RLP', 'Royal LePage'],
  ['SUT', 'Groupe Sutton'],
  ['VIA', 'Via Capitale'],
  ['C21', 'Century 21'],
  ['KW', 'Keller Williams'],
  ['EXP', 'eXp Realty'],
  ['EV', 'Engel & Völkers'],
  ['PRD', 'Proprio Direct'],
  ['IND', 'Agences indépendantes'],
] as const;

const CITIES = ['Montréal', 'Québec', 'Laval', 'Gatineau', 'Longueuil', 'Sherbrooke', 'Lévis', 'Saguenay', 'Trois-Rivières', 'Terrebonne', 'Saint-Jean-sur-Richelieu', 'Repentigny', 'Brossard', 'Drummondville', 'Saint-Jérôme', 'Granby', 'Blainville', 'Saint-Hyacinthe', 'Mirabel', 'Rimouski', 'Shawinigan', 'Victoriaville', 'Rouyn-Noranda', 'Sainte-Julie', 'Boucherville'];
const FIRST = ['Marie', 'Jean', 'Sophie', 'Luc', 'Isabelle', 'Pierre', 'Julie', 'François', 'Nathalie', 'Éric', 'Geneviève', 'Mathieu', 'Chantal', 'Stéphane', 'Mélanie', 'Patrick', 'Annie', 'Sébastien', 'Josée', 'Martin', 'Karine', 'Hélène', 'Olivier', 'Émilie', 'Zoé'];
const LAST = ['Tremblay', 'Gagnon', 'Roy', 'Côté', 'Bouchard', 'Gauthier', 'Morin', 'Lavoie', 'Fortin', 'Gagné', 'Ouellet', 'Pelletier', 'Bélanger', 'Lévesque', 'Bergeron', 'Leblanc', 'Paquette', 'Girard', 'Simard', 'Boucher', "O'Neil", 'St-Pierre', 'Caron', 'Beaulieu', 'Cloutier'];
const STREETS = [
  'rue Saint-Denis', 'boulevard Saint-Laurent', 'rue Notre-Dame Est', 'rue Notre-Dame Ouest', 'avenue du Mont-Royal', 'chemin Sainte-Foy', 'rue des Érables', 'boulevard René-Lévesque',
  'rue Principale', 'avenue Cartier', 'rue King Ouest', 'boulevard Talbot', 'rue de la Montagne', 'chemin du Lac', 'rue Sainte-Anne', 'boulevard des Forges', 'rue Racine Est', 'avenue Royale',
  'rue du Couvent', 'montée Saint-François', 'rang Saint-Joseph', 'rue des Pins', 'boulevard Saint-Joseph', 'rue Wellington Nord', 'avenue Laurier Est',
];

/** How the provider writes a street we write in full: 'boulevard Saint-Joseph' → 'Boul. St-Joseph'. */
export function providerSpelling(street: string, variant: number): string {
  const short = street
    .replace(/\bboulevard\b/i, variant % 2 ? 'Boul.' : 'boul')
    .replace(/\bavenue\b/i, 'Av.')
    .replace(/\bchemin\b/i, 'ch.')
    .replace(/\bSainte-/g, 'Ste-')
    .replace(/\bSaint-/g, 'St-')
    .replace(/ Est$/, ' E.')
    .replace(/ Ouest$/, ' O.')
    .replace(/ Nord$/, ' N.');
  const plain = variant % 3 === 0 ? short.normalize('NFD').replace(/\p{M}/gu, '') : short;
  return variant % 4 === 0 ? plain.replace(/^(rue|Av\.|ch\.|boul|Boul\.)\s+/i, '') : plain;
}

export interface ProviderDemo {
  lines: string[];
  /** The provider broker codes given to our two demo brokers (the seeder writes them on the accounts). */
  ourBrokerCodes: [string, string];
  /** MLS of the provider listings made from our listings, by our address ('' when left out). */
  mlsOfOurs: Map<string, string>;
  counts: { banners: number; franchises: number; brokers: number; listings: number };
}

export interface ProviderDemoOptions {
  /** 1 = Quebec scale; tests use a fraction (the same shape, fewer rows). */
  scale: number;
  ours: { broker: readonly DemoListing[]; second: readonly DemoListing[]; names: [{ firstname: string; lastname: string }, { firstname: string; lastname: string }] };
}

export function generateProviderDemo({ scale, ours }: ProviderDemoOptions): ProviderDemo {
  const rnd = prng(20_261_123);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const lines: string[] = [];
  const emit = (row: Record<string, unknown>) => lines.push(JSON.stringify(row));
  const nFranchises = Math.max(BANNERS.length, Math.round(1000 * scale));
  const nBrokers = Math.max(50, Math.round(15_000 * scale));
  const nListings = Math.max(200, Math.round(60_000 * scale));

  for (const [code, french_name] of BANNERS) emit({ type: 'banner', code, french_name });
  const franchises: string[] = [];
  for (let i = 0; i < nFranchises; i++) {
    const [bannerCode, bannerName] = BANNERS[i % BANNERS.length]!;
    const code = `F${String(i + 1).padStart(4, '0')}`;
    franchises.push(code);
    const city = pick(CITIES);
    const legal = i % 7 === 0 ? `${bannerName} ${city}, "Équipe ${pick(LAST)}" inc.` : `${bannerName} ${city} ${i + 1} inc.`;
    emit({ type: 'franchise', code, legal_name: legal, banner_code: bannerCode });
  }
  const brokers: string[] = [];
  const broker = (code: string, firstname: string, lastname: string, franchise: string) => {
    brokers.push(code);
    const mail = `${firstname}.${lastname}`.normalize('NFD').replace(/\p{M}/gu, '').replace(/[^A-Za-z.]/g, '').toLowerCase();
    emit({
      type: 'broker',
      code,
      firstname,
      lastname,
      main_phone: `514-555-${String(1000 + (brokers.length % 9000)).padStart(4, '0')}`,
      email: `${mail}@courtiers.example`,
      fax: brokers.length % 5 === 0 ? `450-555-${String(brokers.length % 10000).padStart(4, '0')}` : '',
      language: brokers.length % 6 === 0 ? 'A' : brokers.length % 11 === 0 ? 'FA' : 'F',
      societe: brokers.length % 9 === 0 ? `${lastname} immobilier inc.` : '',
      societe_description_fr: brokers.length % 9 === 0 ? 'Courtage résidentiel, condos et plex.' : '',
      website: brokers.length % 4 === 0 ? `https://www.${mail.replace(/\./g, '')}.example` : '',
      franchise_code: franchise,
      city: pick(CITIES),
      suspended: brokers.length % 97 === 0,
    });
  };
  const ourCodes: [string, string] = ['DEMO01', 'DEMO02'];
  broker(ourCodes[0], ours.names[0].firstname, ours.names[0].lastname, franchises[0]!);
  broker(ourCodes[1], ours.names[1].firstname, ours.names[1].lastname, franchises[1]!);
  for (let i = brokers.length; i < nBrokers; i++) {
    const first = pick(FIRST);
    const last = i % 50 === 0 ? `${pick(LAST)}, ${pick(LAST)}` : pick(LAST);
    broker(`B${String(i).padStart(5, '0')}`, first, last, franchises[i % franchises.length]!);
  }

  let mlsSeq = 10_000_000;
  const nextMls = () => String((mlsSeq += 1 + Math.floor(rnd() * 40)));
  const brokerCodes = (main: string) => {
    const others = [rnd() < 0.3 ? pick(brokers) : null, rnd() < 0.05 ? pick(brokers) : null, rnd() < 0.02 ? pick(brokers) : null].filter((c) => c !== main);
    return { main_broker: main, second_broker: others[0] ?? null, third_broker: others[1] ?? null, fourth_broker: others[2] ?? null };
  };
  const listingDate = () => new Date(Date.UTC(2025, 5, 1) + Math.floor(rnd() * 540) * 86_400_000).toISOString().slice(0, 10);
  const listing = (fields: { civic: string; street: string; unit: string; municipality: string; postalcode: string; main: string }) => {
    const mls = nextMls();
    emit({
      type: 'listing',
      mls,
      civic_number_start: fields.civic,
      street: fields.street,
      appartement: fields.unit,
      municipality: fields.municipality,
      postalcode: fields.postalcode,
      url_description: `https://www.centris.example/fr/propriete/${mls}`,
      listing_date: listingDate(),
      ...brokerCodes(fields.main),
    });
    return mls;
  };

  // Our listings as the provider writes them: every fourth of them a condo building with two units
  // (ours has no unit: ambiguous), the last of each broker left out (unmatched).
  const mlsOfOurs = new Map<string, string>();
  [ours.broker, ours.second].forEach((list, owner) =>
    list.forEach((l, i) => {
      if (i === list.length - 1) return void mlsOfOurs.set(l.address, '');
      const [, civic = '1', street = l.address] = /^(\d+)\s+(.*)$/.exec(l.address) ?? [];
      const spelled = providerSpelling(street, i);
      const city = i % 2 ? l.city.normalize('NFD').replace(/\p{M}/gu, '') : l.city;
      if (i % 4 === 3) {
        listing({ civic, street: spelled, unit: '101', municipality: city, postalcode: l.postalcode, main: ourCodes[owner]! });
        listing({ civic, street: spelled, unit: '102', municipality: city, postalcode: l.postalcode, main: ourCodes[owner]! });
        return void mlsOfOurs.set(l.address, '');
      }
      mlsOfOurs.set(l.address, listing({ civic, street: spelled, unit: '', municipality: city, postalcode: l.postalcode, main: ourCodes[owner]! }));
    }),
  );
  while (lines.length < BANNERS.length + nFranchises + nBrokers + nListings) {
    const condo = rnd() < 0.2;
    const street = pick(STREETS);
    listing({
      civic: String(1 + Math.floor(rnd() * 9000)),
      street: providerSpelling(street, Math.floor(rnd() * 12)),
      unit: condo ? String(100 + Math.floor(rnd() * 12)) : '',
      municipality: pick(CITIES),
      postalcode: '',
      main: pick(brokers),
    });
  }
  return { lines, ourBrokerCodes: ourCodes, mlsOfOurs, counts: { banners: BANNERS.length, franchises: nFranchises, brokers: nBrokers, listings: nListings } };
}
