import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SHOOTING_MESSAGES, updateShootingTime, type ShootingView } from '#shared/catalogue/shootings.ts';
import { BOOKING_HORIZON_DAYS, HORIZON_MESSAGE } from '#shared/rules/booking-horizon.ts';
import { ShootingState } from '#shared/enums.ts';
import { isApiError, mayCall } from '../../api/client.ts';
import { useSessionUser } from '../session/use-session.ts';
import { DelayedLoader } from '../../app/delayed-loader.tsx';
import { SlotPicker, type SlotChoice } from './slot-picker.tsx';
import { shootingQueries, useChangeShootingTime } from './queries.ts';
import { LIST_VIEW } from '../../app/staff-shooting.tsx';
import { isPendingConfirmation } from '#shared/rules/pending.ts';
import { unitLabel } from '#shared/rules/unit-label.ts';

/** Why a shooting's time cannot change here: the key under `shootings.change_time_blocked`. */
export type ChangeTimeBlock = 'confirmed' | 'cancelled' | 'not_pending' | 'not_broker';

/**
 * Null while the shooting is pending (not confirmed and state 7 'unconfirmed': the rule by which the
 * list offers change-time, part 1 §2.4, §4, and the server's `assertPending`); otherwise why not.
 */
export function changeTimeBlock(s: Pick<ShootingView, 'is_confirmed' | 'state'>): ChangeTimeBlock | null {
  if (isPendingConfirmation(s)) return null;
  if (s.state === ShootingState.canceled) return 'cancelled';
  if (s.is_confirmed || s.state === ShootingState.confirmed) return 'confirmed';
  return 'not_pending';
}

/** The text of a failed change: a key under `shootings.change_time_failed` and its values. */
export function changeTimeFailure(error: unknown): { key: string; values?: Record<string, string | number> } {
  const key = (name: string) => `shootings.change_time_failed.${name}`;
  if (!isApiError(error) || error.status === 0) return { key: key('network') };
  if (error.status === 409 && (error.message === SHOOTING_MESSAGES.alreadyConfirmed || error.message === SHOOTING_MESSAGES.notUnconfirmed)) return { key: key('not_pending') };
  if (error.status === 409) return { key: key('taken') };
  if (error.status === 422 && error.message === SHOOTING_MESSAGES.pastSlot) return { key: key('started') };
  if (error.status === 422 && error.message === SHOOTING_MESSAGES.sameSlot) return { key: key('same_slot') };
  if (error.status === 422 && error.message === HORIZON_MESSAGE) return { key: key('horizon'), values: { days: BOOKING_HORIZON_DAYS } };
  if (error.status === 404) return { key: key('not_found') };
  return { key: key('other'), values: { status: error.status, message: error.message } };
}

/**
 * /shooting/changeTime/{id}, part 1 §2.6: for a pending shooting, a notice that nothing else can
 * change, the listing's address and room count, the slot picker with the original slot checked and
 * disabled; submit is disabled until a slot is picked and while the change is sent. A shooting no
 * longer pending (confirmed, cancelled, done) shows why, with the way back, and no picker. A failure
 * shows what went wrong in red (part 1 §8 only sets a flag: docs/decisions/0116) and reloads the
 * shooting and the slots, so a slot taken meanwhile shows disabled and a confirmation meanwhile shows
 * the notice.
 */
export function ChangeTimePage() {
  const { t } = useTranslation();
  // The route lets only an id of digits in (router.tsx, PARAM_PATTERNS).
  const { id } = useParams({ strict: false }) as { id: string };
  const shootingId = Number(id);
  const query = useQuery(shootingQueries.detail(shootingId));
  const [slot, setSlot] = useState<SlotChoice | null>(null);
  const change = useChangeShootingTime(shootingId, {
    onError: () => {
      setSlot(null);
      void query.refetch();
    },
  });
  const s = query.data?.data;
  // The route is open to any logged-in user (ADR 0004); only the broker who booked moves a shooting.
  const mayMove = mayCall(updateShootingTime, useSessionUser()?.role);
  const blocked = s && (mayMove ? changeTimeBlock(s) : 'not_broker');
  const failure = change.isError ? changeTimeFailure(change.error) : undefined;

  return (
    <Stack maw={900} data-error={change.isError || undefined}>
      <Title order={1}>{t('route.shooting_change_time')}</Title>
      {query.isError && !s ? (
        <>
          <Text>{t('shootings.not_found')}</Text>
          <BackLink />
        </>
      ) : !s ? (
        <DelayedLoader label={t('common.loading')} />
      ) : change.isSuccess ? (
        <Stack align="flex-start">
          <Text fw={500}>{t('shootings.time_changed')}</Text>
          <BackLink />
        </Stack>
      ) : blocked ? (
        <Stack align="flex-start" data-blocked={blocked}>
          {/* After a submit that failed because of it (confirmed or cancelled meanwhile), it says so in red. */}
          <Alert w="100%" {...(change.isError ? { color: 'red', role: 'alert', title: t('shootings.change_time_error') } : { color: 'yellow' })}>
            {t(`shootings.change_time_blocked.${blocked}`)}
          </Alert>
          <BackLink />
        </Stack>
      ) : (
        <>
          <Alert color="blue">{t('shootings.change_time_notice')}</Alert>
          <Text>
            <strong>{t('common.fact_label', { label: t('shootings.address') })}</strong> {[s.listing.address, unitLabel(s.listing.app), s.listing.city].filter(Boolean).join(', ')}
          </Text>
          <Text>
            <strong>{t('common.fact_label', { label: t('shootings.room_count') })}</strong> {s.listing.room_count}
          </Text>
          <SlotPicker
            property={{ address: s.listing.address, is_house: s.listing.is_house, room_count: s.room_count, only_360: s.only_360, is_existing_listing: s.listing.is_existing_listing, lat: s.listing.lat, lng: s.listing.lng }}
            original={{ date_in_ts: s.date_in_ts, is_am: s.am }}
            moving={s.id}
            value={slot}
            onChange={setSlot}
          />
          {failure && (
            <Alert color="red" role="alert" title={t('shootings.change_time_error')}>
              {t(failure.key, failure.values)}
            </Alert>
          )}
          <Group justify="space-between">
            <BackLink />
            <Button disabled={!slot || change.isPending} loading={change.isPending} onClick={() => slot && change.mutate(slot)}>
              {t('shootings.submit_change')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

function BackLink() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to="/shooting" search={LIST_VIEW}>
      {t('shootings.back_to_list')}
    </Anchor>
  );
}
