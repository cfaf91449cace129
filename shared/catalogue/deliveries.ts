import * as z from '../zod.ts';
import { defineOperation } from './operation.ts';
import { Role } from '../roles.ts';
import { schema } from '#shared/schema.ts';

/**
 * Deliveries (part 1 §2.9, §2.10, §7): the public delivery page reached through a listing's
 * distribution token (no login), and the deliveries list. Picture and ZIP URLs are short-lived
 * presigned GETs of the media bucket (docs/decisions/0061-media-urls.md, 0062-download-all-zip.md).
 */

/** Part 1 §9: page size options of /deliveries, default 15. */
export const DELIVERY_PAGE_SIZES = [15, 25, 50, 100, 1000, 10000] as const;
export const DEFAULT_DELIVERY_PAGE_SIZE = 15;
export const FEEDBACK_MAX_LENGTH = 5000;

const pageSize = /* @__PURE__ */ schema(() => z.coerce
  .number()
  .int()
  .refine((n) => (DELIVERY_PAGE_SIZES as readonly number[]).includes(n), { message: `One of ${DELIVERY_PAGE_SIZES.join(', ')}.` })
  .default(DEFAULT_DELIVERY_PAGE_SIZE));
const cursor = /* @__PURE__ */ schema(() => z.string().max(2000).regex(/^[A-Za-z0-9_-]+$/).optional());
/** Distribution tokens are base64url, 256 random bits (43 characters); older ones may be shorter. */
const token = /* @__PURE__ */ schema(() => z.string().min(16).max(128).regex(/^[A-Za-z0-9_-]+$/, 'Not a delivery token.'));

/** generateDeliveryToken's refusal when the listing's link is not the one the screen showed. */
export const DELIVERY_LINK_CHANGED = "This listing's delivery link changed meanwhile; reopen the listing to see it.";

export const deliveryPicture = /* @__PURE__ */ schema(() => z.object({
  id: z.number().int(),
  shooting_id: z.number().int(),
  picture_index: z.number().int(),
  public: z.boolean(),
  /** Presigned media URLs, each with its cache-busting date suffix (`v=`). */
  thumbnail_url: z.string(),
  distrib_url: z.string(),
  /** Same file as distrib_url, answered as an attachment named `filename`. */
  download_url: z.string(),
  /** Index plus a slug of the address (part 3 §9), e.g. 03-1200-rue-sherbrooke-montreal.jpg. */
  filename: z.string(),
  feedback_ticket_id: z.number().int().nullable(),
}));
export type DeliveryPicture = z.infer<typeof deliveryPicture>;

export const getDeliveriesFromToken = /* @__PURE__ */ defineOperation(() => ({
  id: 'getDeliveriesFromToken',
  area: 'deliveries',
  method: 'GET',
  path: '/api/delivery/{token}',
  access: 'public',
  summary:
    'The public delivery page: the listing of a distribution token and its pictures that have a thumbnail. Unknown token: 404. `is_final` is true when every shooting with pictures is delivered (state 14).',
  input: z.object({ token }),
  output: z.object({
    listing: z.object({
      id: z.number().int(),
      address: z.string(),
      app: z.string(),
      city: z.string(),
      postalcode: z.string(),
      broker: z.object({ firstname: z.string(), lastname: z.string() }),
      is_final: z.boolean(),
      /** The listing's virtual tour is published (vr_ready): the page links to its viewer /visit/{id} (ADR 0251). */
      tour_published: z.boolean(),
      pictures: z.array(deliveryPicture),
    }),
    /** Present only when a file-sharing service is configured (the deploy setting fileSharingSaveUrl, ADR 0063); hidden by default. */
    file_sharing: z.object({ save_url_template: z.string() }).nullable(),
  }),
  resources: ['table', 'mediaBucket', 'fileSharing'],
  writes: [],
}));

/** A ZIP of the delivery built in the media bucket: its presigned URL, file name, number of pictures and size. */
const deliveryZip = /* @__PURE__ */ schema(() => z.object({ url: z.string(), filename: z.string(), entries: z.number().int(), bytes: z.number().int() }));

export const downloadAllPictures = /* @__PURE__ */ defineOperation(() => ({
  id: 'downloadAllPictures',
  area: 'deliveries',
  method: 'GET',
  path: '/api/delivery/{token}/zip',
  access: 'public',
  summary:
    'Download-all: builds (or reuses) one ZIP of the pictures with a thumbnail, each as the page delivers it (a watermarked one as its watermarked rendition), streamed from the media bucket into the media bucket, and answers a presigned URL to it.',
  input: z.object({ token }),
  output: deliveryZip,
  resources: ['table', 'mediaBucket'],
  writes: ['mediaBucket'],
}));

/** The MLS download's 422 when every delivered picture is watermarked. */
export const NO_MLS_PICTURE = 'No picture of this listing is ready for the MLS: watermarked pictures are left out.';

export const downloadMlsPictures = /* @__PURE__ */ defineOperation(() => ({
  id: 'downloadMlsPictures',
  area: 'deliveries',
  method: 'GET',
  path: '/api/delivery/{token}/mls-zip',
  access: 'public',
  summary:
    'MLS-ready download (docs/decisions/0250): the pictures of download-all that are not watermarked (a watermarked picture is one the broker has not bought), as JPEG in sRGB with the longest side at most 1920 px (never enlarged) and each under 5 MiB (quality lowered step by step), named 01-, 02-… in the slideshow order; one ZIP built (or reused) in the media bucket, answered as a presigned URL. Unknown token: 404; no picture ready, or every one watermarked (`NO_MLS_PICTURE`): 422.',
  input: z.object({ token }),
  output: deliveryZip,
  resources: ['table', 'mediaBucket'],
  writes: ['mediaBucket'],
}));

export const leaveFeedback = /* @__PURE__ */ defineOperation(() => ({
  id: 'leaveFeedback',
  area: 'deliveries',
  method: 'POST',
  path: '/api/delivery/{token}/feedback',
  access: 'public',
  summary:
    "Feedback on a delivered picture: creates a ticket in the listing broker's name carrying JSON data {listing_id, shooting_id, picture_index} and links it to the picture (409 when it already has one).",
  input: z.object({
    token,
    shooting_id: z.coerce.number().int().positive(),
    picture_index: z.coerce.number().int().nonnegative(),
    text: z.string().trim().min(1).max(FEEDBACK_MAX_LENGTH),
  }),
  output: z.object({ data: z.object({ ticket_id: z.number().int() }) }),
  resources: ['table'],
}));

export const deliveryListingRow = /* @__PURE__ */ schema(() => z.object({
  id: z.number().int(),
  address: z.string(),
  app: z.string(),
  city: z.string(),
  state: z.number().int(),
  broker_id: z.number().int(),
  broker: z.object({ firstname: z.string(), lastname: z.string() }),
  distribution_token: z.string().nullable(),
  updated_at: z.string(),
}));
export type DeliveryListingRow = z.infer<typeof deliveryListingRow>;

export const getDeliveryListings = /* @__PURE__ */ defineOperation(() => ({
  id: 'getDeliveryListings',
  area: 'deliveries',
  method: 'GET',
  path: '/api/deliveries',
  access: [Role.superadmin, Role.admin, Role.broker, Role.social_medias, Role.sales],
  summary: "The deliveries list for non-technicians: a broker's own listings, every listing for staff; most recently updated first, one page.",
  input: z.object({ limit: pageSize, cursor }),
  output: z.object({ data: z.array(deliveryListingRow), next: z.string().optional() }),
  resources: ['table'],
  /** Reads only, but makes the cursor signing key on its first use (docs/decisions/0087). */
  writes: ['table'],
}));

export const techDeliveryShooting = /* @__PURE__ */ schema(() => z.object({
  shooting: z.object({ id: z.number().int(), scheduleddate: z.string(), state: z.number().int() }),
  listing: z.object({ id: z.number().int(), address: z.string(), city: z.string(), distribution_token: z.string() }),
  pictures: z.array(z.object({ id: z.number().int(), picture_index: z.number().int(), thumbnail_url: z.string(), distrib_url: z.string() })),
}));
export type TechDeliveryShooting = z.infer<typeof techDeliveryShooting>;

export const getTechDeliveries = /* @__PURE__ */ defineOperation(() => ({
  id: 'getTechDeliveries',
  area: 'deliveries',
  method: 'GET',
  path: '/api/deliveries/shootings',
  access: [Role.tech_capture, Role.tech_postprod, Role.tech_postprod_lead],
  summary:
    "The technician's own shootings that have pictures (capture tech: tech_id; post-production: pp_tech_id), newest first, with thumbnails and the listing's sharable delivery token.",
  input: z.object({ limit: pageSize, cursor }),
  output: z.object({ data: z.array(techDeliveryShooting), next: z.string().optional() }),
  resources: ['table', 'mediaBucket'],
}));

/** Staff of the listing administration (part 3 §1: admins and post-production). */
const LISTING_STAFF = [Role.superadmin, Role.admin, Role.tech_postprod, Role.tech_postprod_lead] as const;

export const generateDeliveryToken = /* @__PURE__ */ defineOperation(() => ({
  id: 'generateDeliveryToken',
  area: 'deliveries',
  method: 'POST',
  path: '/api/admin/listing/{listing_id}/deliveryToken',
  access: [...LISTING_STAFF],
  summary:
    "Part 3 §7 'generate delivery token': gives the listing a new distribution token (256 random bits) in place of the old one, which answers 404 from then on (a leaked link is revoked this way). With `replaces` (the token the screen shows, null for none), 409 when the listing's token is another one: a link made meanwhile (a technician's delivery list, the media e-mail) is not revoked unseen. Unknown listing: 404.",
  input: z.object({ listing_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER), replaces: token.nullable().optional() }),
  output: z.object({ status: z.literal(200), distribution_token: z.string() }),
  resources: ['table'],
}));
