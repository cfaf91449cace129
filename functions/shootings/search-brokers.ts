import { BROKER_SEARCH_LIMIT, searchBrokers } from '#shared/catalogue/shootings.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { searchBrokersByText } from '../use-cases/broker-search.ts';

/** The broker picker of an administrator's booking (docs/decisions/0117): name or e-mail contains the text. */
export const handler = apiHandler(searchBrokers, async ({ text }) => {
  const found = await searchBrokersByText(text, BROKER_SEARCH_LIMIT);
  return { data: found.map(({ id, firstname, lastname, email }) => ({ id, firstname, lastname, email })) };
});
