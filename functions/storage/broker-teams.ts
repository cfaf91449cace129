import { tableName } from '../plumbing/aws.ts';
import { putNewItem } from '../plumbing/new-item.ts';
import { keys } from '../plumbing/keys.ts';
import { queryAll } from '../plumbing/query.ts';

/**
 * Broker teams and franchises (part 2 §3 "Team / franchise": id, name), the options of the user
 * form (getBrokerTeam) and the franchise name of the user list. The only writer of their items;
 * they live in one item collection read with one consistent Query. No screen of this document
 * edits them: they come with the data (demo data seeds a few).
 */
export interface TeamOption {
  id: number;
  name: string;
}

export interface BrokerTeams {
  teams: TeamOption[];
  franchises: TeamOption[];
}

export async function listBrokerTeams(): Promise<BrokerTeams> {
  const items = await queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.brokerTeamsPartition }, ConsistentRead: true });
  const of = (prefix: string) =>
    items
      .filter((item) => String(item.sk).startsWith(prefix))
      .map((item) => ({ id: Number(item.id), name: String(item.name) }))
      .sort((a, b) => a.name.localeCompare(b.name, 'fr') || a.id - b.id);
  return { teams: of('TEAM#'), franchises: of('FRANCHISE#') };
}

/** A team or franchise with a given id (demo data). */
export async function insertTeamOption(kind: 'team' | 'franchise', option: TeamOption): Promise<void> {
  const key = kind === 'team' ? keys.brokerTeam(option.id) : keys.franchise(option.id);
  await putNewItem({ TableName: tableName(), Item: { ...key, id: option.id, name: option.name }, ConditionExpression: 'attribute_not_exists(pk)' });
}
