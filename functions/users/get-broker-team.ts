import { getBrokerTeam } from '#shared/catalogue/users.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { listBrokerTeams } from '../storage/broker-teams.ts';

/** The teams and franchises of the user form. */
export const handler = apiHandler(getBrokerTeam, async () => listBrokerTeams());
