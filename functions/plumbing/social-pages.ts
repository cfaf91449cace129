import { ENV } from '#shared/data/design.ts';
import type { UnlinkedSocialPage } from '#shared/catalogue/social.ts';
import { externalServiceFailed } from './errors.ts';

/**
 * The port to the social network's pages (part 3 §7 "unlinked social pages"; ADR 0241). In AWS the
 * Graph API lists the pages of the business account whose token is a deploy-time secret
 * (SOCIAL_PAGES_TOKEN, resolved from a Secrets Manager secret at deploy time: ADR 0244); locally a DEMO provider answers fixed demo pages
 * and says so (`provider: 'demo'`), so nothing calls the network.
 */
export interface SocialPagesProvider {
  name: 'facebook' | 'demo';
  pages(): Promise<UnlinkedSocialPage[]>;
}

export const SOCIAL_TOKEN_ENV = ENV.socialPagesToken;
const GRAPH_URL = 'https://graph.facebook.com/v19.0/me/accounts?fields=id,name,category,about,followers_count,link&limit=100';

/** Demo pages of the local provider: plainly demo data, never shown in AWS. */
export const DEMO_SOCIAL_PAGES: readonly UnlinkedSocialPage[] = [
  { page_id: '9000000000001', page_name: 'Demo – Équipe Tremblay Immobilier', category: 'Real estate agent', about: 'Page de démonstration (fournisseur local).', followers: 1280, link: null },
  { page_id: '9000000000002', page_name: 'Demo – Condos du Plateau', category: 'Real estate', about: 'Page de démonstration (fournisseur local).', followers: 342, link: null },
  { page_id: '9000000000003', page_name: 'Demo – Maisons Rive-Sud', category: 'Real estate agent', about: 'Page de démonstration (fournisseur local).', followers: 2045, link: null },
  { page_id: '9000000000004', page_name: 'Demo – Courtier Laval Nord', category: 'Real estate service', about: 'Page de démonstration (fournisseur local).', followers: 87, link: null },
  { page_id: '9000000000005', page_name: 'Demo – Propriétés de prestige Outremont', category: 'Real estate', about: 'Page de démonstration (fournisseur local).', followers: 5610, link: null },
  { page_id: '9000000000006', page_name: 'Demo – Chalets des Laurentides', category: 'Real estate agent', about: 'Page de démonstration (fournisseur local).', followers: 730, link: null },
];

const demoProvider: SocialPagesProvider = { name: 'demo', pages: async () => [...DEMO_SOCIAL_PAGES] };

interface GraphPage {
  id: string;
  name: string;
  category?: string;
  about?: string;
  followers_count?: number;
  link?: string;
}

/** How many pages of 100 the provider follows at most (10,000 pages: far beyond any business account). */
const MAX_GRAPH_PAGES = 100;
const GRAPH_ORIGIN = 'https://graph.facebook.com/';
/** One Graph call may take 8 s; all of an account's pages together 10 s (the operation times out at 15 s). */
const GRAPH_TIMEOUTS = { callMs: 8_000, totalMs: 10_000 } as const;

/**
 * The Graph API's pages of the account: every page of its answer, following `paging.next` (an
 * account with more than 100 pages otherwise lost the others, and linking one of them was refused).
 * Only a next page on the Graph API itself is followed.
 */
export function graphProvider(token: string, fetchPage: typeof fetch = fetch, timeouts: { callMs: number; totalMs: number } = GRAPH_TIMEOUTS): SocialPagesProvider {
  return {
    name: 'facebook',
    async pages() {
      const pages: UnlinkedSocialPage[] = [];
      // Each call has its own limit, and all of them one together: the operation answers 503 before its 15 s run out.
      const total = AbortSignal.timeout(timeouts.totalMs);
      const failed = () => externalServiceFailed('The social network did not answer with the pages.');
      let url: string | undefined = GRAPH_URL;
      for (let n = 0; url && n < MAX_GRAPH_PAGES; n++) {
        const signal = AbortSignal.any([AbortSignal.timeout(timeouts.callMs), total]);
        const res = await fetchPage(url, { headers: { authorization: `Bearer ${token}` }, signal }).catch(() => undefined);
        if (!res?.ok) throw failed();
        const body = (await res.json().catch(() => {
          throw failed();
        })) as { data?: GraphPage[]; paging?: { next?: string } };
        pages.push(...(body.data ?? []).map(pageOf));
        const next = body.paging?.next;
        url = typeof next === 'string' && next.startsWith(GRAPH_ORIGIN) ? next : undefined;
      }
      return pages;
    },
  };
}

function pageOf(p: GraphPage): UnlinkedSocialPage {
  return {
    page_id: String(p.id),
    page_name: String(p.name),
    category: p.category ?? null,
    about: p.about ?? null,
    followers: typeof p.followers_count === 'number' ? p.followers_count : null,
    link: p.link ?? null,
  };
}

/** The provider for this environment: the demo one only in the local stack. */
export function socialPagesProvider(env: NodeJS.ProcessEnv = process.env): SocialPagesProvider {
  if (env[ENV.localMode]) return demoProvider;
  const token = env[SOCIAL_TOKEN_ENV];
  if (!token) throw externalServiceFailed('The social network token is not configured.');
  return graphProvider(token);
}
