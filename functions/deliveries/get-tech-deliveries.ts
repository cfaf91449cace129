import { getTechDeliveries, type TechDeliveryShooting } from '#shared/catalogue/deliveries.ts';
import { Role } from '#shared/roles.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { ensureDistributionToken, getListing, type StoredListing } from '../storage/listings.ts';
import { mediaUrl } from '../plumbing/media.ts';
import { deliverable, getShootings, picturesOfShooting, shootingIdsOfTech } from '../storage/pictures.ts';
import { decodeCursor, encodeCursor } from '../plumbing/query.ts';

/**
 * /deliveries for technicians: one page of their own shootings (capture: tech_id; post-production:
 * pp_tech_id), keeping those that have pictures, with thumbnails and the listing's sharable token
 * (generated on first need, as the sharable link requires one).
 */
export const handler = apiHandler(getTechDeliveries, async ({ limit, cursor }, { user }) => {
  const postProduction = user.role !== Role.tech_capture;
  const scope = { user: user.id, query: `${getTechDeliveries.id}:${postProduction ? 'postproduction' : 'capture'}` };
  const { ids, next } = await shootingIdsOfTech(user.id, postProduction, limit, await decodeCursor(cursor, scope));
  const byId = new Map((await getShootings(ids)).map((s) => [s.id, s]));
  const listings = new Map<number, Promise<{ listing: StoredListing; token: string } | undefined>>();
  const listingOf = (id: number) => {
    if (!listings.has(id))
      listings.set(
        id,
        getListing(id).then(async (listing) => (listing ? { listing, token: await ensureDistributionToken(listing) } : undefined)),
      );
    return listings.get(id)!;
  };
  const rows = await Promise.all(
    ids.map(async (id): Promise<TechDeliveryShooting | undefined> => {
      const shooting = byId.get(id);
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
    }),
  );
  return { data: rows.filter((r): r is TechDeliveryShooting => r !== undefined), ...(next ? { next: await encodeCursor(next, scope) } : {}) };
});
