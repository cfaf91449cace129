import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import type { CloudWatchLogsDecodedData, CloudWatchLogsEvent, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { parseRequestLogLine, type RequestLogItem } from '../plumbing/request-log.ts';
import { storeRequestLogItems } from '../storage/request-logs.ts';

/**
 * The request log's ingest (ADR 0485): the CloudWatch Logs subscription of every API function's
 * log group hands over, in batches, the lines its handlers shipped (plumbing/request-log.ts), and
 * they are stored here. A line that is not a valid record is skipped and counted; a batch that
 * cannot be stored fails the invocation, and Lambda's asynchronous retries send it again. A
 * delivery whose retries failed too goes to the failure queue, whose messages this function
 * stores again when an operator turns the queue's replay on (`replayFailedDeliveries`).
 */
export function handler(event: CloudWatchLogsEvent): Promise<{ stored: number; skipped: number }>;
export function handler(event: SQSEvent): Promise<SQSBatchResponse>;
export function handler(event: CloudWatchLogsEvent | SQSEvent): Promise<{ stored: number; skipped: number } | SQSBatchResponse> {
  return 'Records' in event ? replayFailedDeliveries(event) : ingestDelivery(event);
}

async function ingestDelivery(event: CloudWatchLogsEvent): Promise<{ stored: number; skipped: number }> {
  const delivery = decodeDelivery(event);
  if (!delivery) return { stored: 0, skipped: 0 };
  await storeRequestLogItems(delivery.items, delivery.batchId);
  return { stored: delivery.items.length, skipped: delivery.skipped };
}

/** A delivery's records, the count of its other lines and its batch id; null for CloudWatch's check of the destination. */
function decodeDelivery(event: CloudWatchLogsEvent): { items: RequestLogItem[]; skipped: number; batchId: string } | null {
  const data = JSON.parse(gunzipSync(Buffer.from(event.awslogs.data, 'base64')).toString('utf8')) as CloudWatchLogsDecodedData;
  // CloudWatch's own check that the destination is reachable, sent once when the subscription is made.
  if (data.messageType !== 'DATA_MESSAGE') return null;
  const items: RequestLogItem[] = [];
  for (const { message } of data.logEvents) {
    const item = parseRequestLogLine(message.trimEnd());
    if (item) items.push(item);
  }
  const skipped = data.logEvents.length - items.length;
  if (skipped > 0) console.warn(`request log ingest: ${skipped} of ${data.logEvents.length} lines from ${data.logGroup} are not records`);
  // A delivery sent again (Lambda's retry) carries the same events: it names the same batch.
  const batchId = createHash('sha256').update(`${data.logGroup}\n${data.logStream}\n${data.logEvents.map((e) => e.id).join(',')}`).digest('base64url');
  return { items, skipped, batchId };
}

/**
 * The failure queue's messages, when the replay is on (an SQS event source, off by default): each
 * is Lambda's record of a failed asynchronous invocation, whose `requestPayload` is the delivery.
 * It is stored as it would have been; its batch id is the same, so a day's counters count it once
 * even if part of it had been counted before it failed. A message whose storing fails again stays
 * in the queue for the next try; one that holds no readable delivery never will, and is dropped.
 */
async function replayFailedDeliveries(event: SQSEvent): Promise<SQSBatchResponse> {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const message of event.Records) {
    let delivery: ReturnType<typeof decodeDelivery>;
    try {
      delivery = decodeDelivery((JSON.parse(message.body) as { requestPayload: CloudWatchLogsEvent }).requestPayload);
    } catch {
      console.warn(`request log replay: message ${message.messageId} holds no readable log delivery; dropped`);
      continue;
    }
    if (!delivery) continue;
    try {
      await storeRequestLogItems(delivery.items, delivery.batchId);
    } catch (error) {
      console.error(`request log replay: message ${message.messageId} failed again`, error);
      batchItemFailures.push({ itemIdentifier: message.messageId });
    }
  }
  return { batchItemFailures };
}
