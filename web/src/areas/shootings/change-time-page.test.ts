import { describe, expect, it } from 'vitest';
import { SHOOTING_MESSAGES } from '#shared/catalogue/shootings.ts';
import { BOOKING_HORIZON_DAYS, HORIZON_MESSAGE } from '#shared/rules/booking-horizon.ts';
import { ShootingState } from '#shared/enums.ts';
import { ApiError } from '../../api/client.ts';
import { cancelFailure } from './cancel-page.tsx';
import { changeTimeBlock, changeTimeFailure } from './change-time-page.tsx';

describe('whether a shooting may change its time', () => {
  it('offers the change only while pending: not confirmed and state 7, as the list does', () => {
    expect(changeTimeBlock({ is_confirmed: false, state: ShootingState.unconfirmed })).toBeNull();
  });

  it('says why not otherwise: confirmed, cancelled, or no longer pending', () => {
    expect(changeTimeBlock({ is_confirmed: true, state: ShootingState.confirmed })).toBe('confirmed');
    expect(changeTimeBlock({ is_confirmed: true, state: ShootingState.unconfirmed })).toBe('confirmed');
    expect(changeTimeBlock({ is_confirmed: false, state: ShootingState.confirmed })).toBe('confirmed');
    expect(changeTimeBlock({ is_confirmed: false, state: ShootingState.canceled })).toBe('cancelled');
    expect(changeTimeBlock({ is_confirmed: false, state: ShootingState.completed })).toBe('not_pending');
    expect(changeTimeBlock({ is_confirmed: false, state: ShootingState.inprogress })).toBe('not_pending');
  });
});

describe('the text of a failed change', () => {
  const failed = (name: string) => `shootings.change_time_failed.${name}`;

  it('tells a shooting confirmed or cancelled meanwhile from a time frame taken meanwhile (both 409)', () => {
    expect(changeTimeFailure(new ApiError(409, 'conflict', SHOOTING_MESSAGES.alreadyConfirmed))).toEqual({ key: failed('not_pending') });
    expect(changeTimeFailure(new ApiError(409, 'conflict', SHOOTING_MESSAGES.notUnconfirmed))).toEqual({ key: failed('not_pending') });
    expect(changeTimeFailure(new ApiError(409, 'conflict', SHOOTING_MESSAGES.slotTaken))).toEqual({ key: failed('taken') });
  });

  it('names a started time frame, a network failure, and gives the status and message of any other answer', () => {
    expect(changeTimeFailure(new ApiError(422, 'unprocessable', SHOOTING_MESSAGES.pastSlot))).toEqual({ key: failed('started') });
    expect(changeTimeFailure(new ApiError(422, 'unprocessable', SHOOTING_MESSAGES.sameSlot))).toEqual({ key: failed('same_slot') });
    expect(changeTimeFailure(new ApiError(422, 'unprocessable', HORIZON_MESSAGE))).toEqual({ key: failed('horizon'), values: { days: BOOKING_HORIZON_DAYS } });
    expect(changeTimeFailure(new ApiError(404, 'not_found', 'Shooting not found.'))).toEqual({ key: failed('not_found') });
    expect(changeTimeFailure(new ApiError(0, 'network_error', 'Failed to fetch'))).toEqual({ key: failed('network') });
    expect(changeTimeFailure(new TypeError('boom'))).toEqual({ key: failed('network') });
    expect(changeTimeFailure(new ApiError(500, 'server_error', 'Internal error'))).toEqual({ key: failed('other'), values: { status: 500, message: 'Internal error' } });
  });
});

describe('the text of a failed cancellation', () => {
  const failed = (name: string) => ({ key: `shootings.cancel_failed.${name}` });

  it("says the server's known refusals in the reader's language", () => {
    expect(cancelFailure(new ApiError(409, 'conflict', SHOOTING_MESSAGES.alreadyConfirmed))).toEqual(failed('not_pending'));
    expect(cancelFailure(new ApiError(409, 'conflict', SHOOTING_MESSAGES.notUnconfirmed))).toEqual(failed('not_pending'));
    expect(cancelFailure(new ApiError(400, 'bad_request', SHOOTING_MESSAGES.reasonTooShort))).toEqual(failed('reason'));
    expect(cancelFailure(new ApiError(404, 'not_found', 'Shooting not found.'))).toEqual(failed('not_found'));
  });

  it("gives any other message as the server wrote it (part 1 §8), and a failure that never reached it as the network's", () => {
    expect(cancelFailure(new ApiError(500, 'server_error', 'Internal error'))).toEqual({ text: 'Internal error' });
    expect(cancelFailure(new TypeError('boom'))).toEqual({ key: 'common.network_error' });
  });
});
