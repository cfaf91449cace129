import { suggestAddresses } from '#shared/catalogue/shootings.ts';
import { apiHandler } from '../commons/api-handler.ts';
import { location } from '../commons/location/index.ts';

export const handler = apiHandler(suggestAddresses, async ({ text, language }) => ({ suggestions: await (await location()).suggest(text, language) }));
