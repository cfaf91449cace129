import * as z from '../zod.ts';
import { defineOperation } from './operation.ts';
import { VIDEO_STAFF_ROLES } from './videos.ts';
import { schema } from '#shared/schema.ts';

/**
 * Social page linking (part 3 §2 screen 11 /facebook_page_manager, §3 "Unlinked social page", §5,
 * §7 "unlinked social pages" and "link page to broker", §8). The pages come from the social
 * network through a port (functions/plumbing/social-pages.ts): its Graph API in AWS, a demo
 * provider locally, named as such in every answer (docs/decisions/0241-social-page-linking.md).
 */

/** The screen's roles (part 3 §2: /facebook_page_manager roles 1, 2, 4, 5, 8), those of the video monitor. */
export const SOCIAL_ROLES = VIDEO_STAFF_ROLES;

export const SOCIAL_MESSAGES = {
  /** Part 3 §5. */
  bothRequired: 'Please select both facebook page and broker!',
  notABroker: 'This user is not a broker.',
  unknownPage: 'This page is not among the pages of the social network account.',
  alreadyLinked: 'This page is already linked to a broker.',
  changedMeanwhile: 'The broker changed meanwhile; reload and try again.',
} as const;

export const SOCIAL_BROKER_SEARCH_LIMIT = 20;

/** Which provider answered: the social network's API, or the local demo provider (never in AWS). */
export const SOCIAL_PROVIDERS = ['facebook', 'demo'] as const;

export const unlinkedSocialPage = /* @__PURE__ */ schema(() => z.object({
  page_id: z.string(),
  page_name: z.string(),
  /** The embedded preview: what the page shows of itself. */
  category: z.string().nullable(),
  about: z.string().nullable(),
  followers: z.number().int().nullable(),
  link: z.string().nullable(),
}));
export type UnlinkedSocialPage = z.infer<typeof unlinkedSocialPage>;

const pageId = /* @__PURE__ */ schema(() => z.string(SOCIAL_MESSAGES.bothRequired).trim().min(1, SOCIAL_MESSAGES.bothRequired).max(64).regex(/^[0-9A-Za-z_-]*$/, SOCIAL_MESSAGES.unknownPage));
const brokerId = /* @__PURE__ */ schema(() => z.coerce.number(SOCIAL_MESSAGES.bothRequired).int(SOCIAL_MESSAGES.bothRequired).positive(SOCIAL_MESSAGES.bothRequired));

export const getUnlinkedSocialPages = /* @__PURE__ */ defineOperation(() => ({
  id: 'getUnlinkedSocialPages',
  area: 'social',
  method: 'GET',
  path: '/api/social-pages/unlinked',
  access: SOCIAL_ROLES,
  summary: 'The pages of the social network account that no broker is linked to yet, with what their preview shows, and which provider answered.',
  input: z.object({}),
  output: z.object({ unlinked_facebook_page: z.array(unlinkedSocialPage), provider: z.enum(SOCIAL_PROVIDERS) }),
  resources: ['table', 'socialPages'],
  writes: [],
}));

export const searchSocialBrokers = /* @__PURE__ */ defineOperation(() => ({
  id: 'searchSocialBrokers',
  area: 'social',
  method: 'GET',
  path: '/api/social-pages/brokers',
  access: SOCIAL_ROLES,
  summary: `The broker search of the page linking screen: brokers whose name or e-mail contains the text (accents and case ignored), at most ${SOCIAL_BROKER_SEARCH_LIMIT}, with the page they are linked to.`,
  input: z.object({ text: z.string().trim().min(2).max(100) }),
  output: z.object({
    data: z.array(
      z.object({
        id: z.number().int(),
        firstname: z.string(),
        lastname: z.string(),
        email: z.string(),
        broker_facebook_business_page: z.object({ page_id: z.string(), page_name: z.string() }).nullable(),
      }),
    ),
  }),
  resources: ['table'],
  writes: [],
}));

export const linkSocialPage = /* @__PURE__ */ defineOperation(() => ({
  id: 'linkSocialPage',
  area: 'social',
  method: 'POST',
  path: '/api/social-pages/link',
  access: SOCIAL_ROLES,
  summary:
    "Links a page of the account to a broker (the broker's broker_facebook_business_page); a page links to one broker only (409), a broker to one page (a new link frees the old page). 400 'Please select both facebook page and broker!' when one is missing.",
  input: z.object({ brokerId, pageId }),
  output: z.object({ status: z.literal(200), broker_facebook_business_page: z.object({ page_id: z.string(), page_name: z.string() }) }),
  resources: ['table', 'socialPages'],
}));
