import { Alert, Badge, Button, Group, Radio, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TimeSlot } from '#shared/catalogue/shootings.ts';
import { addDays, dayStartMs, daysBetween, localDateOf } from '#shared/rules/business-time.ts';
import { lastBookableDay } from '#shared/rules/booking-horizon.ts';
import { SLOT_HOURS } from '#shared/rules/slots.ts';
import { DelayedLoader } from '../../app/delayed-loader.tsx';
import { formatDay, formatDayShort, formatTimeRange } from '../../i18n/format.ts';
import { shootingQueries } from './queries.ts';

/** The property the slots are asked for (part 1 §7 'validate shooting availability'). */
export interface SlotProperty {
  address: string;
  is_house: boolean;
  room_count: number;
  only_360: boolean;
  is_existing_listing: boolean;
  lat: number;
  lng: number;
}

export interface SlotChoice {
  date_in_ts: number;
  is_am: boolean;
}

export const VIEW_DAYS = 7;

/** The first day of the 7-day page, counted from today, that holds the slot; today's page without one, or for a past one. */
export function pageHolding(today: string, slot: SlotChoice | undefined): string {
  const ahead = slot ? daysBetween(today, localDateOf(slot.date_in_ts)) : 0;
  return ahead > 0 ? addDays(today, ahead - (ahead % VIEW_DAYS)) : today;
}

const sameSlot = (a: SlotChoice | null | undefined, b: SlotChoice) => !!a && a.date_in_ts === b.date_in_ts && a.is_am === b.is_am;

/**
 * Part 1 §2.5 step 2 and §2.6: a table of AM (8h30-12h30) and PM (12h30-17h00) rows by day, 7 days
 * at a time (Previous never before today, Next never past the booking horizon, docs/decisions/0086), one choice. An unsuccessful slot is disabled and says why
 * (started, no technician, full); `original` (change time) is a checked, disabled radio marked 'current'.
 * `moving` (change time) names the shooting being moved: it does not count against the slots.
 */
export function SlotPicker({
  property,
  value,
  onChange,
  original,
  moving,
}: {
  property: SlotProperty;
  value: SlotChoice | null;
  onChange: (slot: SlotChoice) => void;
  original?: SlotChoice;
  moving?: number;
}) {
  const { t, i18n } = useTranslation();
  const today = localDateOf(Date.now());
  // Change time opens on the page that holds the shooting's slot now (part 1 §2.6: shown checked), the pages counted from today.
  const [from, setFrom] = useState(() => pageHolding(today, original));
  const query = useQuery({ ...shootingQueries.slots({ ...property, date: from, days: VIEW_DAYS, ...(moving === undefined ? {} : { shooting_id: moving }) }), placeholderData: keepPreviousData });
  const slots = query.data?.time_slot ?? [];
  const days = Array.from({ length: VIEW_DAYS }, (_, i) => dayStartMs(addDays(from, i)));
  const slotOf = (day: number, am: boolean): TimeSlot | undefined => slots.find((s) => s.date_in_ts === day && s.is_am === am);
  const rows = [
    { am: true, label: t('shootings.am'), hours: formatTimeRange(SLOT_HOURS.am.start, SLOT_HOURS.am.end, i18n.language) },
    { am: false, label: t('shootings.pm'), hours: formatTimeRange(SLOT_HOURS.pm.start, SLOT_HOURS.pm.end, i18n.language) },
  ];

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Button variant="default" disabled={from <= today} onClick={() => setFrom(addDays(from, -VIEW_DAYS) < today ? today : addDays(from, -VIEW_DAYS))}>
          {t('shootings.previous_week')}
        </Button>
        <Text fw={500}>
          {formatDayShort(days[0]!, i18n.language)} – {formatDayShort(days[VIEW_DAYS - 1]!, i18n.language)}
        </Text>
        <Button variant="default" disabled={addDays(from, VIEW_DAYS) > lastBookableDay()} onClick={() => setFrom(addDays(from, VIEW_DAYS))}>
          {t('shootings.next_week')}
        </Button>
      </Group>
      {query.isError && <Alert color="red">{t('shootings.slots_error')}</Alert>}
      {query.isPending ? (
        <DelayedLoader label={t('common.loading')} />
      ) : (
        // A week's eight columns need about 640 px: a phone scrolls the grid, not the page, and no word is cut.
        <Table.ScrollContainer minWidth={640}>
          <Table withTableBorder withColumnBorders aria-label={t('shootings.time_frame')} aria-busy={query.isFetching}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <VisuallyHidden>{t('shootings.time_frame')}</VisuallyHidden>
                </Table.Th>
                {days.map((d) => (
                  <Table.Th key={d} ta="center">
                    {formatDayShort(d, i18n.language)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={String(row.am)}>
                  <Table.Th>
                    <div>{row.label}</div>
                    <Text size="xs" c="dimmed">
                      {row.hours}
                    </Text>
                  </Table.Th>
                  {days.map((d) => {
                    const slot = { date_in_ts: d, is_am: row.am };
                    const isOriginal = sameSlot(original, slot);
                    const answer = slotOf(d, row.am);
                    const available = !!answer?.success && !query.isFetching;
                    const name = `${formatDay(d, i18n.language)}, ${row.label}`;
                    if (isOriginal) {
                      // The shooting's slot now (part 1 §2.6): shown checked and disabled, in a radio group of its own so the
                      // broker's pick never unchecks it; named like an unavailable slot, its reason being 'current'.
                      const current = t('shootings.slot_current');
                      return (
                        <Table.Td key={d} ta="center" data-slot="current" bg="var(--mantine-color-blue-light)">
                          <Radio
                            name="time-slot-current"
                            aria-label={`${t('common.fact_label', { label: name })} ${current}`}
                            value={`${d}:${row.am ? 'am' : 'pm'}`}
                            styles={{ body: { justifyContent: 'center' } }}
                            checked
                            disabled
                            readOnly
                          />
                          <Badge variant="filled" color="blue.8" size="xs" mt={2} aria-hidden>
                            {current}
                          </Badge>
                        </Table.Td>
                      );
                    }
                    // While the week loads nothing is offered; once loaded, an unsuccessful slot says why.
                    const reason = !available && answer && !answer.success && !query.isFetching ? t(`shootings.slot_reason.${answer.reason ?? 'full'}`) : undefined;
                    return (
                      <Table.Td key={d} ta="center" data-slot={reason ? 'unavailable' : 'open'}>
                        <Radio
                          name="time-slot"
                          aria-label={reason ? `${t('common.fact_label', { label: name })} ${reason}` : name}
                          value={`${d}:${row.am ? 'am' : 'pm'}`}
                          styles={{ body: { justifyContent: 'center' } }}
                          checked={sameSlot(value, slot)}
                          disabled={!available}
                          onChange={() => onChange(slot)}
                        />
                        {reason && (
                          <Text size="xs" c="gray.7" mt={2} aria-hidden>
                            {reason}
                          </Text>
                        )}
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
