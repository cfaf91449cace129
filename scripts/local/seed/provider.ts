import { PutObjectCommand } from '@aws-sdk/client-s3';
import { s3 } from '#functions/plumbing/s3.ts';
import { mediaBucket } from '#functions/plumbing/media.ts';
import { listingsOfBroker, setListingMls } from '#functions/storage/listings.ts';
import { findUserByEmail, getUser, replaceUser } from '#functions/storage/users.ts';
import { PROVIDER_PREFIX } from '#functions/use-cases/provider-import.ts';
import { Role } from '#shared/roles.ts';
import { demoAccount } from '../demo-accounts.ts';
import { BROKER_LISTINGS, SECOND_BROKER, SECOND_BROKER_LISTINGS } from './brokers-listings.ts';
import { generateProviderDemo } from './provider-data.ts';
import type { SeedContext } from './context.ts';

/** The demo provider file's object key: dropping it starts its import, as any provider file. */
export const DEMO_PROVIDER_KEY = `${PROVIDER_PREFIX}demo-centris.jsonl`;

/**
 * Scale of the demo provider file: 1 (Quebec: 15,000 brokers, 1,000 franchises, 60,000 listings)
 * for `npm start`; the test stacks set PROVIDER_DEMO_SCALE to a fraction, same shape, fewer rows.
 */
export const providerDemoScale = (): number => Number(process.env.PROVIDER_DEMO_SCALE ?? 1) || 1;

/**
 * Gives our two demo brokers their provider codes and a few of their listings the MLS the
 * provider has for them (one a number the provider does not know, for the bad-listing audit),
 * then drops the generated provider file in the media bucket. The import runs in the background
 * (the bucket event), so the first start does not wait for it (docs/decisions/0220).
 */
export async function seedProvider({ log }: SeedContext): Promise<void> {
  // Off only for measuring the first start without it (scripts/bench/first-start.ts, ADR 0320).
  if (process.env.IMMO_PROVIDER_SEED === 'off') return log('provider seed: off (IMMO_PROVIDER_SEED)');
  const first = demoAccount(Role.broker);
  const second = await findUserByEmail(SECOND_BROKER.email);
  const started = Date.now();
  const demo = generateProviderDemo({
    scale: providerDemoScale(),
    ours: { broker: BROKER_LISTINGS, second: SECOND_BROKER_LISTINGS, names: [first, SECOND_BROKER] },
  });
  for (const [id, code] of [[first.id, demo.ourBrokerCodes[0]], [second?.id, demo.ourBrokerCodes[1]]] as const) {
    const user = id ? await getUser(id) : undefined;
    if (user) await replaceUser(user, { ...user, broker_code: code });
  }
  const ours = (await listingsOfBroker(first.id, 100)).items;
  const byAddress = new Map(ours.map((l) => [l.address, l]));
  // The first three addresses get the provider's MLS; the fifth one a number the provider does not list.
  for (const [i, l] of BROKER_LISTINGS.slice(0, 5).entries()) {
    const listing = byAddress.get(l.address);
    const mls = i === 4 ? '19000001' : i < 3 ? demo.mlsOfOurs.get(l.address) : undefined;
    if (listing && mls) await setListingMls(listing.id, mls);
  }
  const body = Buffer.from(demo.lines.join('\n') + '\n', 'utf8');
  await s3.send(new PutObjectCommand({ Bucket: mediaBucket(), Key: DEMO_PROVIDER_KEY, Body: body, ContentType: 'application/x-ndjson' }));
  const { banners, franchises, brokers, listings } = demo.counts;
  log(`dropped the demo provider file (${banners} banners, ${franchises} franchises, ${brokers} brokers, ${listings} listings, ${(body.length / 1e6).toFixed(1)} MB) in ${Date.now() - started} ms; it imports in the background`);
}
