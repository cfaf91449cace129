import { SOCIAL_BROKER_SEARCH_LIMIT, searchSocialBrokers } from '#shared/catalogue/social.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { searchBrokersByText } from '../use-cases/broker-search.ts';

/** The broker select of /facebook_page_manager, with each broker's linked page. */
export const handler = apiHandler(searchSocialBrokers, async ({ text }) => {
  const found = await searchBrokersByText(text, SOCIAL_BROKER_SEARCH_LIMIT);
  return { data: found.map(({ id, firstname, lastname, email, broker_facebook_business_page }) => ({ id, firstname, lastname, email, broker_facebook_business_page })) };
});
