import { brokerOfficeRecord, type BrokerOfficeRecord } from '#shared/entities/broker-office.ts';
import { keys } from '../plumbing/keys.ts';
import { queryAll } from '../plumbing/query.ts';
import { batchWriteAll } from '../plumbing/batch-write.ts';

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
  await batchWriteAll(
    offices.map((o) => {
      const record = brokerOfficeRecord.parse(o);
      return { PutRequest: { Item: { ...keys.brokerOffice(record.id), ...record } } };
    }),
  );
}
