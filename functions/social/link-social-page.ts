import { SOCIAL_MESSAGES, linkSocialPage } from '#shared/catalogue/social.ts';
import { Role } from '#shared/roles.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { badRequest, conflict } from '../plumbing/errors.ts';
import { socialPagesProvider } from '../plumbing/social-pages.ts';
import { LinkChangedMeanwhile, PageTaken, linkPage } from '../storage/social-pages.ts';
import { getUser, setBrokerPagePiece } from '../storage/users.ts';

/** Links a page of the account to a broker: one page per broker, one broker per page. */
export const handler = apiHandler(linkSocialPage, async ({ brokerId, pageId }, ctx) => {
  const broker = await getUser(brokerId);
  if (!broker || broker.role !== Role.broker) throw badRequest(SOCIAL_MESSAGES.notABroker, { brokerId: [SOCIAL_MESSAGES.notABroker] });
  const page = (await socialPagesProvider().pages()).find((p) => p.page_id === pageId);
  if (!page) throw badRequest(SOCIAL_MESSAGES.unknownPage, { pageId: [SOCIAL_MESSAGES.unknownPage] });
  const linked = { page_id: page.page_id, page_name: page.page_name };
  const now = new Date();
  try {
    await linkPage({ ...linked, broker_id: broker.id, linked_at: now.toISOString(), linked_by: ctx.user.id }, setBrokerPagePiece(broker, linked, now), broker.broker_facebook_business_page?.page_id ?? null);
  } catch (error) {
    if (error instanceof PageTaken) throw conflict(SOCIAL_MESSAGES.alreadyLinked);
    if (error instanceof LinkChangedMeanwhile) throw conflict(SOCIAL_MESSAGES.changedMeanwhile);
    throw error;
  }
  ctx.log(`linked page ${page.page_id} to broker ${broker.id}`);
  return { status: 200 as const, broker_facebook_business_page: linked };
});
