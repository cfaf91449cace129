import { getRestatsBrokerOffices } from '#shared/catalogue/zones.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { listBrokerOffices } from '../storage/broker-offices.ts';

export const handler = apiHandler(getRestatsBrokerOffices, async () => ({ status: 200 as const, offices: await listBrokerOffices() }));
