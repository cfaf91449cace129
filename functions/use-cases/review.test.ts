import { describe, expect, it } from 'vitest';
import { ShootingState } from '#shared/enums.ts';
import { elapsedDays } from './review.ts';
import { tabsOf } from './review-tabs.ts';

const shooting = (state: number, is_public_for_broker: boolean, all_services_delivered = true) => ({ state, is_public_for_broker, all_services_delivered });

describe('tabsOf (the review queue tabs of part 3 §4, ADR 0210)', () => {
  it('state 3 → Retouch, even when the broker already got the media (sent back to retouch after the e-mail)', () => {
    expect(tabsOf(shooting(ShootingState.retouch, false))).toEqual(['retouch']);
    expect(tabsOf(shooting(ShootingState.retouch, true))).toEqual(['retouch']);
  });

  it('state 5 and not public → Under Review; public for the broker → Public and Sent', () => {
    expect(tabsOf(shooting(ShootingState.uploaded, false))).toEqual(['under_review']);
    expect(tabsOf(shooting(ShootingState.uploaded, true))).toEqual(['public_sent']);
    expect(tabsOf(shooting(ShootingState.delivered, true))).toEqual(['public_sent']);
  });

  it('other states are in no tab; not all services delivered adds post-production incomplet', () => {
    expect(tabsOf(shooting(ShootingState.confirmed, false, false))).toEqual([]);
    expect(tabsOf(shooting(ShootingState.retouch, true, false))).toEqual(['retouch', 'incomplete']);
  });
});

describe('elapsedDays (the review queue colours of part 3 §9)', () => {
  it('counts Quebec days: an evening in Quebec is still that day, though UTC is already the next', () => {
    // 23:30 in Montréal on 4 May is 03:30 UTC on 5 May.
    expect(elapsedDays('2026-05-02', new Date('2026-05-05T03:30:00Z'))).toBe(2);
    expect(elapsedDays('2026-05-02', new Date('2026-05-05T04:30:00Z'))).toBe(3);
    expect(elapsedDays('2026-05-06', new Date('2026-05-05T12:00:00Z'))).toBe(0);
  });
});
