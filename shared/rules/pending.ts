import { ShootingState } from '../enums.ts';

/** Part 1 §4: a shooting pending confirmation (unconfirmed, state 7): the only one a broker may move or cancel. */
export function isPendingConfirmation(s: { is_confirmed: boolean; state: number }): boolean {
  return !s.is_confirmed && s.state === ShootingState.unconfirmed;
}
