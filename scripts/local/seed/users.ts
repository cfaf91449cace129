import { insertTeamOption } from '#functions/storage/broker-teams.ts';
import { getUser, replaceUser } from '#functions/storage/users.ts';
import { Role } from '#shared/roles.ts';
import { demoAccount } from '../demo-accounts.ts';
import type { SeedContext } from './context.ts';

/** The user form's teams and franchises (getBrokerTeam); the demo broker belongs to the first of each. */
const TEAMS = [
  { id: 1, name: 'Équipe Laurentides' },
  { id: 2, name: 'Équipe Montréal-Nord' },
  { id: 3, name: 'Équipe Rive-Sud' },
];
const FRANCHISES = [
  { id: 1, name: 'Groupe Immobilier Boréal' },
  { id: 2, name: 'Courtiers du Saint-Laurent' },
  { id: 3, name: 'Réseau Habitat Québec' },
];

export async function seedUsers({ log, now }: SeedContext): Promise<void> {
  for (const team of TEAMS) await insertTeamOption('team', team);
  for (const franchise of FRANCHISES) await insertTeamOption('franchise', franchise);
  const broker = await getUser(demoAccount(Role.broker).id);
  if (broker) await replaceUser(broker, { ...broker, team_id: TEAMS[0]!.id, franchise_id: FRANCHISES[0]!.id }, now);
  log(`seeded ${TEAMS.length} teams and ${FRANCHISES.length} franchises`);
}
