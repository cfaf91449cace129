import * as z from '../zod.ts';
import { REVIEWERS, type RoleId } from '../roles.ts';
import { defineOperation } from './operation.ts';
import { schema } from '#shared/schema.ts';

/**
 * Review (part 3 screens 4 'Tech review queue' and 5 'Listing review screen', §4, §5, §7): the
 * queue, the listing's pictures with their comments, validation, visibility, slideshow,
 * watermark, order, comments as tickets, retouch, publish and the media e-mail.
 * Staff of the /tech_review route only (roles 1, 2, 4, 5, 8); a broker never reaches these.
 * Choices where the spec is silent: docs/decisions/0210–0214.
 */
export const REVIEW_ROLES: readonly RoleId[] = REVIEWERS;

/** Texts of the spec (§5, §8) and the English field messages the screen translates. */
export const REVIEW_MESSAGES = {
  retouchNeedsPicture: 'At least one photo must be sent to retouch.',
  orderFiltered: 'You can only set picture order if no filter is applied',
  orderNotPermutation: 'The new order must give every picture of the listing its own position.',
  purchased: 'A picture bought by the broker cannot have its visibility changed or get a watermark.',
  watermarkNeedsPublic: 'Only a public picture can get a watermark.',
  unknownPicture: 'No picture of this listing has this id.',
  changedMeanwhile: 'These pictures were changed by someone else meanwhile; reload and try again.',
  commentRequired: 'Write a comment.',
  retouchNeedsComment: 'Add a comment on the picture before sending it to retouch.',
  noListing: 'No listing has this id.',
  noShooting: 'No shooting has this id.',
  noBrokerEmail: 'The broker of this listing has no e-mail address.',
  purchasedType: 'A picture bought by the broker keeps its type.',
  typeNotForSubscription: "This picture type is not one of the choices of the listing broker's subscription.",
  slideshowFull: 'The slideshow holds at most 20 pictures.',
  retouchInactive: 'A cancelled or abandoned shooting cannot be sent for retouch.',
} as const;

/** Part 3 §9: 'Slideshow suggests 12 pictures and at most 20.' */
export const SLIDESHOW_SUGGESTED = 12;
export const SLIDESHOW_MAX = 20;

const id = /* @__PURE__ */ schema(() => z.union([z.number(), z.string().regex(/^\d{1,12}$/, 'An id is digits only.').transform(Number)]).pipe(z.number().int().positive()));
const pictureIds = /* @__PURE__ */ schema(() => z.array(z.number().int().positive()).min(1, 'Choose at least one picture.').max(1000));
const text = /* @__PURE__ */ schema(() => z.string(REVIEW_MESSAGES.commentRequired).trim().min(1, REVIEW_MESSAGES.commentRequired).max(5000));
const person = /* @__PURE__ */ schema(() => z.object({ id: z.number().int(), firstname: z.string(), lastname: z.string() }));

export const REVIEW_TABS = ['under_review', 'retouch', 'public_sent', 'incomplete'] as const;
export type ReviewTab = (typeof REVIEW_TABS)[number];

export const reviewQueueItem = /* @__PURE__ */ schema(() => z.object({
  listing_id: z.number().int(),
  address: z.string(),
  city: z.string(),
  broker: person,
  shooting_id: z.number().int(),
  scheduleddate: z.string(),
  shooting_state: z.number().int(),
  /** Days since the last shooting (§9 colours: ≤2 green, 3–4 orange, ≥5 red). */
  elapsed_days: z.number().int(),
}));
export type ReviewQueueItem = z.infer<typeof reviewQueueItem>;

export const listingsForReview = /* @__PURE__ */ defineOperation(() => ({
  id: 'listingsForReview',
  area: 'review',
  method: 'GET',
  path: '/api/review/queue',
  access: REVIEW_ROLES,
  summary: 'The review queue: listings by their last shooting, in the four tabs of §4 (oldest first).',
  input: z.object({}),
  output: z.object({ tabs: z.object({ under_review: z.array(reviewQueueItem), retouch: z.array(reviewQueueItem), public_sent: z.array(reviewQueueItem), incomplete: z.array(reviewQueueItem) }) }),
  resources: ['table'],
  writes: [],
}));

export const reviewComment = /* @__PURE__ */ schema(() => z.object({
  id: z.number().int(),
  description: z.string(),
  created_at: z.string(),
  creator: person,
  followups: z.array(z.object({ id: z.string(), message: z.string(), created_at: z.string(), creator: person })),
  /** The ticket is resolved: no reply until it is reopened (part 1 §4 'Follow-ups only while open'). */
  resolved: z.boolean().default(false),
}));
export type ReviewComment = z.infer<typeof reviewComment>;

export const reviewPicture = /* @__PURE__ */ schema(() => z.object({
  id: z.number().int(),
  shooting_id: z.number().int(),
  picture_index: z.number().int(),
  /** Position in the listing's display order (0-based). */
  order_index: z.number().int(),
  thumbnail_url: z.string().nullable(),
  original_url: z.string(),
  watermarked_url: z.string().nullable(),
  public: z.boolean(),
  is_purchased: z.boolean(),
  is_validated: z.boolean().nullable(),
  included_in_video: z.boolean(),
  show_watermark: z.boolean(),
  /** The picture's type (traditional, drone, blue hour) as a service-offer id (§9; ADR 0276), null until given. */
  service_offer_id: z.number().int().nullable(),
  comments: z.array(reviewComment),
}));
export type ReviewPicture = z.infer<typeof reviewPicture>;

export const reviewShooting = /* @__PURE__ */ schema(() => z.object({
  id: z.number().int(),
  state: z.number().int(),
  scheduleddate: z.string(),
  tech: person.nullable(),
  pp_tech: person.nullable(),
  is_public_for_broker: z.boolean(),
  all_services_delivered: z.boolean(),
}));
export type ReviewShooting = z.infer<typeof reviewShooting>;

export const getListingPictures = /* @__PURE__ */ defineOperation(() => ({
  id: 'getListingPictures',
  area: 'review',
  method: 'GET',
  path: '/api/review/listings/{listing_id}',
  access: REVIEW_ROLES,
  summary: "A listing's pictures in display order with their comments (tickets and follow-ups), its shootings (oldest first), the last shooting (the queue's: the latest not cancelled or abandoned) and broker.",
  input: z.object({ listing_id: id }),
  output: z.object({
    listing: z.object({ id: z.number().int(), address: z.string(), app: z.string(), city: z.string(), state: z.number().int(), tour_public: z.boolean(), broker: person }),
    shootings: z.array(reviewShooting),
    /** The shooting that decides the listing's tab (§4) and that the retouch button sends; null when every shooting is cancelled or abandoned. */
    last_shooting_id: z.number().int().nullable(),
    pictures: z.array(reviewPicture),
  }),
  resources: ['table', 'mediaBucket'],
  writes: [],
}));

const onePicture = /* @__PURE__ */ schema(() => z.object({ listing_id: id, picture_id: z.number().int().positive() }));
const done = /* @__PURE__ */ schema(() => z.object({ status: z.literal(200) }));

export const markPictureValid = /* @__PURE__ */ defineOperation(() => ({
  id: 'markPictureValid',
  area: 'review',
  method: 'POST',
  path: '/api/review/pictures/valid',
  access: REVIEW_ROLES,
  summary: 'Marks a picture validated (is_validated true).',
  input: onePicture,
  output: done,
  resources: ['table'],
}));

export const sendPictureForReview = /* @__PURE__ */ defineOperation(() => ({
  id: 'sendPictureForReview',
  area: 'review',
  method: 'POST',
  path: '/api/review/pictures/retouch',
  access: REVIEW_ROLES,
  summary: 'Marks a picture for retouch (is_validated false); 422 when the picture has no comment (a review comment or the broker\'s feedback; §5).',
  input: onePicture,
  output: done,
  resources: ['table'],
}));

export const updatePicturesVisibility = /* @__PURE__ */ defineOperation(() => ({
  id: 'updatePicturesVisibility',
  area: 'review',
  method: 'POST',
  path: '/api/review/pictures/visibility',
  access: REVIEW_ROLES,
  summary: 'Makes pictures public or private; a bought picture is refused (§5). A private picture loses its watermark.',
  input: z.object({ listing_id: id, picture_ids: pictureIds, public: z.boolean() }),
  output: done,
  resources: ['table'],
}));

export const updatePicturesVideoSelection = /* @__PURE__ */ defineOperation(() => ({
  id: 'updatePicturesVideoSelection',
  area: 'review',
  method: 'POST',
  path: '/api/review/pictures/slideshow',
  access: REVIEW_ROLES,
  summary: `Puts pictures in or out of the slideshow and automated videos; 422 when the slideshow would hold more than ${SLIDESHOW_MAX}.`,
  input: z.object({ listing_id: id, picture_ids: pictureIds, included_in_video: z.boolean() }),
  output: done,
  resources: ['table'],
}));

export const updatePicturesWatermark = /* @__PURE__ */ defineOperation(() => ({
  id: 'updatePicturesWatermark',
  area: 'review',
  method: 'POST',
  path: '/api/review/pictures/watermark',
  access: REVIEW_ROLES,
  summary: 'Turns the watermark on or off; only public, not bought pictures (§5). Turning it on makes the watermarked rendition (sharp).',
  input: z.object({ listing_id: id, picture_ids: pictureIds, show_watermark: z.boolean() }),
  output: done,
  resources: ['table', 'mediaBucket'],
}));

export const savePictureOrder = /* @__PURE__ */ defineOperation(() => ({
  id: 'savePictureOrder',
  area: 'review',
  method: 'POST',
  path: '/api/review/pictures/order',
  access: REVIEW_ROLES,
  summary: 'Saves new positions (picture_index) of the pictures whose position changed; the result must give every picture its own position.',
  input: z.object({
    listing_id: id,
    /** The screen's filter state: an order is set only without a filter (§5). */
    filtered: z.literal(false, REVIEW_MESSAGES.orderFiltered).default(false),
    pictures: z.array(z.object({ id: z.number().int().positive(), picture_index: z.number().int().nonnegative().max(100_000) })).min(1).max(1000),
  }),
  output: z.object({ status: z.literal(200), saved: z.number().int() }),
  resources: ['table'],
}));

export const postPictureComment = /* @__PURE__ */ defineOperation(() => ({
  id: 'postPictureComment',
  area: 'review',
  method: 'POST',
  path: '/api/review/pictures/comments',
  access: REVIEW_ROLES,
  summary: 'A comment on a picture: a ticket naming the picture.',
  input: z.object({ listing_id: id, picture_id: z.number().int().positive(), text }),
  output: z.object({ comment: reviewComment }),
  resources: ['table'],
}));

export const replyPictureComment = /* @__PURE__ */ defineOperation(() => ({
  id: 'replyPictureComment',
  area: 'review',
  method: 'POST',
  path: '/api/review/comments/{ticket_id}/replies',
  access: REVIEW_ROLES,
  summary: "A reply (follow-up) to a picture's comment.",
  input: z.object({ ticket_id: id, text }),
  output: z.object({ followup: reviewComment.shape.followups.element }),
  resources: ['table'],
}));

export const sendShootingForRetouch = /* @__PURE__ */ defineOperation(() => ({
  id: 'sendShootingForRetouch',
  area: 'review',
  method: 'POST',
  path: '/api/review/shootings/{shooting_id}/retouch',
  access: REVIEW_ROLES,
  summary: 'Sends the shooting for retouch (state 3); needs at least one of its pictures marked for retouch (§5); 422 for a cancelled or abandoned shooting.',
  input: z.object({ shooting_id: id }),
  output: done,
  resources: ['table'],
}));

export const publishListing = /* @__PURE__ */ defineOperation(() => ({
  id: 'publishListing',
  area: 'review',
  method: 'POST',
  path: '/api/review/listings/{listing_id}/publish',
  access: REVIEW_ROLES,
  summary: 'Makes the virtual tour public: the listing moves to vr_ready (state 3).',
  input: z.object({ listing_id: id }),
  output: done,
  resources: ['table'],
}));

export const sendMediaEmail = /* @__PURE__ */ defineOperation(() => ({
  id: 'sendMediaEmail',
  area: 'review',
  method: 'POST',
  path: '/api/review/listings/{listing_id}/media-email',
  access: REVIEW_ROLES,
  summary: "Sends the media e-mail (the delivery page link) to the listing's broker; the last shooting becomes public for the broker.",
  input: z.object({ listing_id: id }),
  output: z.object({ status: z.literal(200), sent_to: z.string() }),
  resources: ['table', 'mail'],
}));

/** A room of the listing's floorplan as the screen shows it (§3 'Floorplan room'; ADR 0275). */
export const floorplanRoom = /* @__PURE__ */ schema(() => z.object({
  id: z.number().int(),
  roomname: z.string(),
  floor: z.number().int(),
  floorname: z.string(),
  width: z.number(),
  width_inches: z.number().nullable(),
  height: z.number(),
  height_inches: z.number().nullable(),
  irregular: z.boolean(),
  /** French, as recorded; the English screen translates it (§9). */
  floor_type: z.string().nullable(),
  created_at: z.string(),
  markers: z.array(z.object({ order_index: z.number().int(), lowres_media_url: z.string() })),
}));
export type FloorplanRoom = z.infer<typeof floorplanRoom>;

export const getFloorplan = /* @__PURE__ */ defineOperation(() => ({
  id: 'getFloorplan',
  area: 'review',
  method: 'GET',
  path: '/api/review/listings/{listing_id}/floorplan',
  access: REVIEW_ROLES,
  summary: "The listing's floorplan rooms by floor (§7 'floorplan'), each with its markers' low-resolution pictures in order; none: an empty list.",
  input: z.object({ listing_id: id }),
  output: z.object({ floorplanRooms: z.array(floorplanRoom) }),
  resources: ['table', 'mediaBucket'],
  writes: [],
}));

export const assignPicturesType = /* @__PURE__ */ defineOperation(() => ({
  id: 'assignPicturesType',
  area: 'review',
  method: 'POST',
  path: '/api/review/pictures/type',
  access: REVIEW_ROLES,
  summary: "Gives pictures a type (§7 'assign pictures type'): a service-offer id among the choices of the broker's subscription (§9; ADR 0276); a bought picture is refused.",
  input: z.object({ listing_id: id, picture_ids: pictureIds, service_offer_id: z.number(REVIEW_MESSAGES.typeNotForSubscription).int().positive() }),
  output: done,
  resources: ['table'],
}));

export const getPictureTypes = /* @__PURE__ */ defineOperation(() => ({
  id: 'getPictureTypes',
  area: 'review',
  method: 'GET',
  path: '/api/review/listings/{listing_id}/picture-types',
  access: REVIEW_ROLES,
  summary:
    "The picture types the listing broker's subscription allows (§9; ADR 0276): its set (platform, application or per card 'map') and the service-offer id of each type; and the catalogue names of every set's picture-type offers (the grid's type badges; ADR 0305).",
  input: z.object({ listing_id: id }),
  output: z.object({
    set: z.enum(['platform', 'application', 'map']),
    choices: z.object({ traditional: z.number().int(), drone: z.number().int(), blue_hour: z.number().int() }),
    names: z.array(z.object({ id: z.number().int(), display_name: z.string(), display_name_fr: z.string() })),
  }),
  resources: ['table'],
  writes: [],
}));
