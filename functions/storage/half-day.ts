import { tableName } from '../plumbing/aws.ts';
import { keys } from '../plumbing/keys.ts';

/**
 * The transaction item that bumps a half-day guard's version: any write that changes who holds
 * what in a half-day (dispatch, manual assignment) makes a concurrent booking of that half-day
 * re-check its availability (docs/decisions/0050).
 */
export function bumpHalfDay(date: string, am: boolean) {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.halfDay(date, am),
      UpdateExpression: 'SET #date = :date, am = :am ADD version :one',
      ExpressionAttributeNames: { '#date': 'date' },
      ExpressionAttributeValues: { ':date': date, ':am': am, ':one': 1 },
    },
  };
}
