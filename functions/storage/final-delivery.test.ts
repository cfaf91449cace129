import { describe, expect, it } from 'vitest';
import { ShootingState } from '#shared/enums.ts';
import { isFinalDelivery } from './pictures.ts';

const shooting = (state: number, is_public_for_broker = false, all_services_delivered = false) => ({ state, is_public_for_broker, all_services_delivered });

describe("the delivery page's 'final delivery' (ADR 0063)", () => {
  it('is final when every shooting is delivered: state 14, or sent to the broker with all its services delivered', () => {
    expect(isFinalDelivery([shooting(ShootingState.delivered)])).toBe(true);
    expect(isFinalDelivery([shooting(ShootingState.uploaded, true, true)])).toBe(true);
    expect(isFinalDelivery([shooting(ShootingState.delivered), shooting(ShootingState.uploaded, true, true)])).toBe(true);
  });

  it('is not final while a shooting is unsent, has services to deliver, is back in retouch, or there is none', () => {
    expect(isFinalDelivery([shooting(ShootingState.uploaded, false, true)])).toBe(false);
    expect(isFinalDelivery([shooting(ShootingState.uploaded, true, false)])).toBe(false);
    expect(isFinalDelivery([shooting(ShootingState.retouch, true, true)])).toBe(false);
    expect(isFinalDelivery([shooting(ShootingState.delivered), shooting(ShootingState.completed, true, false)])).toBe(false);
    expect(isFinalDelivery([])).toBe(false);
  });
});
