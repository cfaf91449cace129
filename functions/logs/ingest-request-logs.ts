import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import type { CloudWatchLogsDecodedData, CloudWatchLogsEvent } from 'aws-lambda';
import { parseRequestLogLine, type RequestLogItem } from '../plumbing/request-log.ts';
import { storeRequestLogItems } from '../storage/request-logs.ts';

/**
 * The request log's ingest (ADR 0485): the CloudWatch Logs subscription of every API function's
 * log group hands over, in batches, the lines its handlers shipped (plumbing/request-log.ts), and
 * they are stored here. A line that is not a valid record is skipped and counted; a batch that
 * cannot be stored fails the invocation, and Lambda's asynchronous retries send it again.
 */
export async function handler(event: CloudWatchLogsEvent): Promise<{ stored: number; skipped: number }> {
  const data = JSON.parse(gunzipSync(Buffer.from(event.awslogs.data, 'base64')).toString('utf8')) as CloudWatchLogsDecodedData;
  // CloudWatch's own check that the destination is reachable, sent once when the subscription is made.
  if (data.messageType !== 'DATA_MESSAGE') return { stored: 0, skipped: 0 };
  const items: RequestLogItem[] = [];
  for (const { message } of data.logEvents) {
    const item = parseRequestLogLine(message.trimEnd());
    if (item) items.push(item);
  }
  const skipped = data.logEvents.length - items.length;
  if (skipped > 0) console.warn(`request log ingest: ${skipped} of ${data.logEvents.length} lines from ${data.logGroup} are not records`);
  // A delivery sent again (Lambda's retry) carries the same events: it names the same batch.
  const batchId = createHash('sha256').update(`${data.logGroup}\n${data.logStream}\n${data.logEvents.map((e) => e.id).join(',')}`).digest('base64url');
  await storeRequestLogItems(items, batchId);
  return { stored: items.length, skipped };
}
