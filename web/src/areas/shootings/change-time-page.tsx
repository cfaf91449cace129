import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DelayedLoader } from '../../app/delayed-loader.tsx';
import { SlotPicker, type SlotChoice } from './slot-picker.tsx';
import { shootingQueries, useChangeShootingTime } from './queries.ts';
import { LIST_VIEW } from '../../app/staff-shooting.tsx';

/**
 * /shooting/changeTime/{id}, part 1 §2.6: a notice that nothing else can change, the listing's address
 * and room count, the slot picker with the current slot marked as such; submit is disabled until
 * a slot is picked and while the change is sent. A failure only sets an error flag (§8) and refreshes
 * the slots, so a slot taken meanwhile shows disabled.
 */
export function ChangeTimePage() {
  const { t } = useTranslation();
  const { id } = useParams({ strict: false }) as { id?: string };
  const shootingId = Number(id);
  const valid = Number.isInteger(shootingId) && shootingId > 0;
  const query = useQuery({ ...shootingQueries.detail(shootingId), enabled: valid });
  const [slot, setSlot] = useState<SlotChoice | null>(null);
  const change = useChangeShootingTime(shootingId, { onError: () => setSlot(null) });
  const s = query.data?.data;

  return (
    <Stack maw={900} data-error={change.isError || undefined}>
      <Title order={1}>{t('route.shooting_change_time')}</Title>
      {!valid || query.isError ? (
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
      ) : (
        <>
          <Alert color="blue">{t('shootings.change_time_notice')}</Alert>
          <Text>
            <strong>{t('shootings.address')}:</strong> {[s.listing.address, s.listing.app && `#${s.listing.app}`, s.listing.city].filter(Boolean).join(', ')}
          </Text>
          <Text>
            <strong>{t('shootings.room_count')}:</strong> {s.listing.room_count}
          </Text>
          <SlotPicker
            property={{ address: s.listing.address, is_house: s.listing.is_house, room_count: s.room_count, only_360: s.only_360, is_existing_listing: s.listing.is_existing_listing, lat: s.listing.lat, lng: s.listing.lng }}
            original={{ date_in_ts: s.date_in_ts, is_am: s.am }}
            value={slot}
            onChange={setSlot}
          />
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
