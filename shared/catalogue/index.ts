import type { OperationDef } from './operation.ts';
import * as meta from './meta.ts';
import * as session from './session.ts';
import * as rij from './rij.ts';
import * as tickets from './tickets.ts';
import * as deliveries from './deliveries.ts';
import * as shootings from './shootings.ts';
import * as zones from './zones.ts';
import * as planner from './planner.ts';
import * as offers from './offers.ts';
import * as hmd from './hmd.ts';
import * as depots from './depots.ts';
import * as calendar from './calendar.ts';
import * as users from './users.ts';
import * as dashboard from './dashboard.ts';
import * as schedule from './schedule.ts';
import * as releases from './releases.ts';
import * as logs from './logs.ts';
import * as listings from './listings.ts';
import * as videos from './videos.ts';
import * as review from './review.ts';
import * as social from './social.ts';
import * as mls from './mls.ts';
import * as provider from './provider.ts';

/**
 * The operation catalogue: every API operation, declared once. The local adapter,
 * the CDK stacks, the web client, the OpenAPI document and the access test all read it.
 */
export const operations: readonly OperationDef[] = [meta, session, rij, tickets, deliveries, shootings, zones, planner, hmd, offers, depots, users, dashboard, calendar, schedule, listings, videos, social, review, releases, logs, mls, provider].flatMap((area) => (Object.values(area) as unknown[]).filter(isOperation));

function isOperation(value: unknown): value is OperationDef {
  return typeof value === 'object' && value !== null && 'id' in value && 'method' in value && 'path' in value && 'input' in value;
}

export function operationById(id: string): OperationDef | undefined {
  return operations.find((op) => op.id === id);
}

export * from './operation.ts';
export * from './errors.ts';
