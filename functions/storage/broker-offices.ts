import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { brokerOfficeRecord, type BrokerOfficeRecord } from '#shared/entities/broker-office.ts';
import { db, tableName } from '../plumbing/aws.ts';
import { keys } from '../plumbing/keys.ts';
import { queryAll } from '../plumbing/query.ts';

/** Broker offices (zone map): one item collection `BROKEROFFICES` / `OFFICE#<id>`; this module alone writes them. */

export async function listBrokerOffices(): Promise<BrokerOfficeRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.brokerOfficesPartition, ':prefix': keys.brokerOfficePrefix },
  });
  return items.flatMap((item) => {
    const parsed = brokerOfficeRecord.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Writes offices (demo data, bench), 25 per batch, unprocessed ones sent again. */
export async function putBrokerOffices(offices: readonly BrokerOfficeRecord[]): Promise<void> {
  for (let i = 0; i < offices.length; i += 25) {
    let requests: unknown[] = offices.slice(i, i + 25).map((o) => {
      const record = brokerOfficeRecord.parse(o);
      return { PutRequest: { Item: { ...keys.brokerOffice(record.id), ...record } } };
    });
    for (let attempt = 0; requests.length; attempt++) {
      if (attempt > 8) throw new Error('broker offices: DynamoDB kept items unprocessed');
      if (attempt) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
      const { UnprocessedItems } = await db.send(new BatchWriteCommand({ RequestItems: { [tableName()]: requests as never } }));
      requests = (UnprocessedItems?.[tableName()] ?? []) as unknown[];
    }
  }
}
