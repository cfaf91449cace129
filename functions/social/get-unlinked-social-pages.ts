import { getUnlinkedSocialPages } from '#shared/catalogue/social.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { socialPagesProvider } from '../plumbing/social-pages.ts';
import { linkedPageIds } from '../storage/social-pages.ts';

/** /facebook_page_manager: the account's pages that no broker is linked to yet. */
export const handler = apiHandler(getUnlinkedSocialPages, async () => {
  const provider = socialPagesProvider();
  const pages = await provider.pages();
  const linked = await linkedPageIds(pages.map((p) => p.page_id));
  return { unlinked_facebook_page: pages.filter((p) => !linked.has(p.page_id)), provider: provider.name };
});
