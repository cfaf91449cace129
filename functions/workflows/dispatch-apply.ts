import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { DispatchAssignment, UnservedReason } from '#shared/planning/index.ts';
import { db, tableName } from '../plumbing/aws.ts';
import { keys } from '../plumbing/keys.ts';
import { bumpHalfDay } from '../storage/half-day.ts';
import type { SolvedDispatch } from './dispatch-solve.ts';

export interface DispatchResult {
  /** Technicians who received at least one shooting. */
  userDispatched: number;
  /** Shootings assigned (N of 'N / M des captures ont été réparties.'). */
  shootingDispatched: number;
  /** Shootings asked for (M). */
  shootingRequested: number;
  unserved: Array<{ shootingId: number; reason: UnservedReason | 'changed_meanwhile' }>;
}

/**
 * Dispatch step 3: write each assignment in its own transaction, conditional on what the load
 * step read: the shooting is still unassigned at the same version (an assignment by hand
 * meanwhile wins) and the technician's day is still unlocked (a lock meanwhile wins). The
 * half-day guard's version is bumped so a concurrent booking re-checks its availability.
 */
export async function handler(input: SolvedDispatch & { applyBy?: string }): Promise<DispatchResult> {
  // The caller stops waiting at the workflow's limit: past applyBy, write nothing (ADR 0101).
  if (input.applyBy && Date.now() > Date.parse(input.applyBy)) throw new DispatchOutOfTime(input.applyBy);
  const applied: DispatchAssignment[] = [];
  const unserved: DispatchResult['unserved'] = [...input.outcome.unserved];
  for (const a of input.outcome.assignments) {
    const version = input.versions[String(a.shootingId)];
    const am = input.halfDays[String(a.shootingId)];
    if (version === undefined || am === undefined) continue;
    try {
      await db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: tableName(),
                Key: keys.shooting(a.shootingId),
                UpdateExpression: 'SET tech_id = :tech, gsi3pk = :g3pk, gsi3sk = :g3sk, distance = :km, transit_time = :s, updated_at = :now, version = version + :one',
                ConditionExpression: 'version = :v AND (attribute_not_exists(tech_id) OR tech_id = :null)',
                ExpressionAttributeValues: {
                  ':tech': a.techId,
                  ':g3pk': keys.shootingTechIndex(a.techId, input.date, a.shootingId).gsi3pk,
                  ':g3sk': keys.shootingTechIndex(a.techId, input.date, a.shootingId).gsi3sk,
                  ':km': Math.round(a.distanceKm * 10) / 10,
                  ':s': Math.round(a.transitTimeS),
                  ':now': new Date().toISOString(),
                  ':one': 1,
                  ':v': version,
                  ':null': null,
                },
              },
            },
            { ConditionCheck: { TableName: tableName(), Key: keys.dayLock(input.date, a.techId), ConditionExpression: 'attribute_not_exists(pk)' } },
            bumpHalfDay(input.date, am),
          ],
        }),
      );
      applied.push(a);
    } catch (error) {
      if ((error as Error).name !== 'TransactionCanceledException') throw error;
      unserved.push({ shootingId: a.shootingId, reason: 'changed_meanwhile' });
    }
  }
  return {
    userDispatched: new Set(applied.map((a) => a.techId)).size,
    shootingDispatched: applied.length,
    shootingRequested: input.shootingRequested,
    unserved,
  };
}

/** The apply step was reached after its deadline: the workflow fails and nothing is written. */
export class DispatchOutOfTime extends Error {
  override readonly name = 'DispatchOutOfTime';
  constructor(applyBy: string) {
    super(`The apply step was reached after ${applyBy}; nothing was written.`);
  }
}
