import { suggestAddresses } from '#shared/catalogue/shootings.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { location } from '../plumbing/location/index.ts';

export const handler = apiHandler(suggestAddresses, async ({ text, language }) => ({ suggestions: await (await location()).suggest(text, language) }));
