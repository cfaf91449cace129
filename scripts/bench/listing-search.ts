import { readFileSync } from 'node:fs';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { ENV } from '#shared/data/design.ts';
import { Role } from '#shared/roles.ts';
import { DEMO_PASSWORD, demoAccount } from '../local/demo-accounts.ts';
import { fmt, summarize } from './stats.ts';

/**
 * Listing search at a real business's volume (issue 13, docs/decisions/0200): 50,000 listings are
 * written into the running stack through the listing storage (listing items and their search-block
 * entries with their rows, ADRs 0300 and 0345), then an administrator's typed queries go through GET /api/listings one after the other,
 * beside raw GetItem calls of a listing in the same run (target: search p50 ≤ 3 × GetItem p50).
 * Prints figures; asserts nothing. Needs the stack of ./serve.ts. BENCH_LISTINGS_FIRST_ID: the
 * listings of an earlier run in the same stack (its printed first id) are searched again, none written.
 */
const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 50_000);
const ROUNDS = Number(process.env.BENCH_SEARCH_ROUNDS ?? 40);
const WRITE_BATCH = 250;

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

/** The queries an office types (after the 500 ms pause): civic number and street, a broker, an MLS number, a street and city, an id. */
const QUERIES = ['4821 sherbrooke', 'lapiniere brossard', 'bouchard', '2713', 'christophe colomb montreal', '17001234', 'gouin 12'];

/** The machine's load average (1, 5, 15 min) beside the figures: they mean little without it. */
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

export async function listingSearchBench(server: { url: string; dynamoEndpoint: string; tableName: string }): Promise<{ firstId: number }> {
  process.env[ENV.dynamoEndpoint] = server.dynamoEndpoint;
  process.env[ENV.tableName] = server.tableName;
  process.env[ENV.localMode] = '1';
  const { insertListings } = await import('#functions/storage/listings.ts');

  const started = performance.now();
  let next = process.env.BENCH_LISTINGS_FIRST_ID ? LISTINGS : 0;
  let firstId = Number(process.env.BENCH_LISTINGS_FIRST_ID ?? 0);
  const fieldsOf = (i: number) => ({
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
  // Through the listing storage, WRITE_BATCH listings at a time (their search blocks written once per batch).
  const worker = async () => {
    while (next < LISTINGS) {
      const from = next;
      next = Math.min(LISTINGS, next + WRITE_BATCH);
      const listings = await insertListings(Array.from({ length: next - from }, (_v, k) => fieldsOf(from + k)));
      firstId = Math.min(firstId || Infinity, ...listings.map((l) => l.id));
    }
  };
  await Promise.all(Array.from({ length: 2 }, worker));
  if (!process.env.BENCH_LISTINGS_FIRST_ID) console.log(`\nListing search: ${LISTINGS.toLocaleString('en')} listings written with their search blocks in ${fmt((performance.now() - started) / 1000, 0)} s (first id ${firstId}).`);

  const admin = demoAccount(Role.admin);
  const login = await fetch(`${server.url}/api/session/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: admin.email, password: DEMO_PASSWORD }) });
  const { token } = (await login.json()) as { token: string };

  const client = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: server.dynamoEndpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }));
  const loadBefore = loadAverage();
  const raw: number[] = [];
  const typed: number[] = [];
  const counts = new Map<string, number>();
  // Interleaved, one call at a time: both measured under the same conditions of the same run.
  for (let round = 0; round < ROUNDS; round++) {
    for (const q of QUERIES) {
      let start = performance.now();
      await client.send(new GetCommand({ TableName: server.tableName, Key: { pk: `LISTING#${firstId + ((round * 97) % LISTINGS)}`, sk: 'LISTING' } }));
      raw.push(performance.now() - start);
      start = performance.now();
      const res = await fetch(`${server.url}/api/listings?search=${encodeURIComponent(q)}`, { headers: { authorization: `Bearer ${token}` } });
      const body = (await res.json()) as { count: number };
      typed.push(performance.now() - start);
      if (res.status !== 200) throw new Error(`search ${q}: ${res.status}`);
      counts.set(q, body.count);
    }
  }
  client.destroy();
  const r = summarize(raw, 1);
  const s = summarize(typed, 1);
  const load = `${loadBefore} → ${loadAverage()}`;
  console.table({
    'raw DynamoDB Local GetItem (listing)': { 'p50 ms': fmt(r.p50), 'p99 ms': fmt(r.p99), calls: raw.length, '/proc/loadavg': load },
    'typed search (GET /api/listings?search=…)': { 'p50 ms': fmt(s.p50), 'p99 ms': fmt(s.p99), calls: typed.length, '/proc/loadavg': load },
  });
  console.log(`matches per query: ${[...counts].map(([q, n]) => `'${q}' ${n}`).join(', ')}`);
  const ratio = s.p50 / r.p50;
  console.log(`typed search p50 / raw GetItem p50 = ${fmt(ratio)} (target ≤ 3) ${ratio <= 3 ? 'OK' : 'MISSED'} (load ${load})`);
  return { firstId };
}
