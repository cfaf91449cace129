import { getTechDeliveries, type TechDeliveryShooting } from '#shared/catalogue/deliveries.ts';
import { Role } from '#shared/roles.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { ensureDistributionToken, getListing, type StoredListing } from '../storage/listings.ts';
import { mediaUrl } from '../plumbing/media.ts';
import { deliverable, getShootings, picturesOfShooting, shootingsOfTechBatch } from '../storage/pictures.ts';
import { decodeCursor, encodeCursor } from '../plumbing/query.ts';
import { fillPage } from '../use-cases/filled-page.ts';

/** Shootings read and opened together: a page of 10,000 is read in steps, never all at once. */
const BATCH = 50;
/** Lambda answers at most 6 MB; each picture carries two signed URLs. */
const MAX_BYTES = 5_000_000;

/**
 * /deliveries for technicians: one page of their own shootings (capture: tech_id; post-production:
 * pp_tech_id) that have pictures, newest first, with thumbnails and the listing's sharable token
 * (generated on first need, as the sharable link requires one). Shootings without pictures (still
 * to take, cancelled) are passed over until the page is full (ADR 0665).
 */
export const handler = apiHandler(getTechDeliveries, async ({ limit, cursor }, { user }) => {
  const postProduction = user.role !== Role.tech_capture;
  const scope = { user: user.id, query: `${getTechDeliveries.id}:${postProduction ? 'postproduction' : 'capture'}` };
  const listings = new Map<number, Promise<{ listing: StoredListing; token: string } | undefined>>();
  const listingOf = (id: number) => {
    if (!listings.has(id))
      listings.set(
        id,
        getListing(id).then(async (listing) => (listing ? { listing, token: await ensureDistributionToken(listing) } : undefined)),
      );
    return listings.get(id)!;
  };
  let shootings = new Map<number, Awaited<ReturnType<typeof getShootings>>[number]>();

  const { rows, next } = await fillPage({
    start: await decodeCursor(cursor, scope),
    read: async (start) => {
      const batch = await shootingsOfTechBatch(user.id, postProduction, Math.min(Math.max(limit, 10), BATCH), start);
      shootings = new Map((await getShootings(batch.entries.map((e) => e.id))).map((s) => [s.id, s]));
      return batch;
    },
    build: async ({ id }): Promise<TechDeliveryShooting | undefined> => {
      const shooting = shootings.get(id);
      const own = shooting && (postProduction ? shooting.pp_tech_id === user.id : shooting.tech_id === user.id);
      if (!shooting || !own) return undefined;
      const pictures = deliverable(await picturesOfShooting(shooting.listing_id, shooting.id));
      if (pictures.length === 0) return undefined;
      const found = await listingOf(shooting.listing_id);
      if (!found) return undefined;
      return {
        shooting: { id: shooting.id, scheduleddate: shooting.scheduleddate, state: shooting.state },
        listing: { id: found.listing.id, address: found.listing.address, city: found.listing.city, distribution_token: found.token },
        pictures: await Promise.all(
          pictures.map(async (p) => ({
            id: p.id,
            picture_index: p.picture_index,
            thumbnail_url: await mediaUrl(p.thumbnail_key, { version: p.updated_at }),
            distrib_url: await mediaUrl(p.distrib_key ?? p.original_key, { version: p.updated_at }),
          })),
        ),
      };
    },
    limit,
    maxBytes: MAX_BYTES,
    softStopMs: 6_000,
    hardStopMs: 10_000,
  });
  return { data: rows, ...(next ? { next: await encodeCursor(next, scope) } : {}) };
});
