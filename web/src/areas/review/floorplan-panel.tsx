import { Accordion, Alert, Group, Image, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FloorplanRoom } from '#shared/catalogue/review.ts';
import { floorTypeInEnglish, hasMeasuresShown } from '#shared/entities/floorplan-room.ts';
import { formatNumber, languageOf } from '../../i18n/format.ts';
import { reviewQueries } from './queries.ts';

/**
 * The floorplan panel of the review screen (part 3 screen 5 'floorplan room list and a measures
 * table', §9; ADR 0275): collapsed at first; the rooms floor by floor with their markers'
 * low-resolution pictures in order, then the measures table without the outdoor rooms of §9, the
 * floor type in English on the English screen (as recorded, French, on the French one).
 */
export function FloorplanPanel({ listingId }: { listingId: number }) {
  const { t } = useTranslation();
  return (
    <Accordion variant="contained" chevronPosition="left" order={2}>
      <Accordion.Item value="floorplan">
        <Accordion.Control fw={700}>{t('review.floorplan.title')}</Accordion.Control>
        <Accordion.Panel>
          <FloorplanContent listingId={listingId} />
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}

function FloorplanContent({ listingId }: { listingId: number }) {
  const { t } = useTranslation();
  const rooms = useQuery(reviewQueries.floorplan(listingId));
  if (rooms.isPending) return <Text c="dimmed">{t('common.loading')}</Text>;
  if (rooms.isError)
    return (
      <Alert color="red" role="alert">
        {t('review.floorplan.failed')}
      </Alert>
    );
  // The spec's text for a listing without a floorplan (§8 'No floorplan').
  if (rooms.data.length === 0) return <Text c="dimmed">{t('review.floorplan.failed')}</Text>;
  return (
    <Stack>
      <RoomList rooms={rooms.data} />
      <MeasuresTable rooms={rooms.data.filter(hasMeasuresShown)} />
    </Stack>
  );
}

function floorsOf(rooms: readonly FloorplanRoom[]): { floor: number; floorname: string; rooms: FloorplanRoom[] }[] {
  const floors = new Map<number, { floor: number; floorname: string; rooms: FloorplanRoom[] }>();
  for (const room of rooms) {
    const floor = floors.get(room.floor) ?? { floor: room.floor, floorname: room.floorname, rooms: [] };
    floor.rooms.push(room);
    floors.set(room.floor, floor);
  }
  return [...floors.values()].sort((a, b) => a.floor - b.floor);
}

function RoomList({ rooms }: { rooms: readonly FloorplanRoom[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      {floorsOf(rooms).map((floor) => (
        <section key={floor.floor} aria-label={floor.floorname}>
          <Title order={3} size="h5">
            {floor.floorname}
          </Title>
          <Stack gap={6} component="ul" style={{ listStyle: 'none', paddingInlineStart: 0, margin: 0 }}>
            {floor.rooms.map((room) => (
              <li key={room.id}>
                <Text fw={600}>{room.roomname}</Text>
                {room.markers.length > 0 && (
                  <Group gap={4} wrap="wrap">
                    {room.markers.map((m, i) => (
                      <Image key={m.order_index} src={m.lowres_media_url} alt={t('review.floorplan.marker', { room: room.roomname, n: i + 1 })} w={96} h={64} fit="cover" radius="sm" loading="lazy" />
                    ))}
                  </Group>
                )}
              </li>
            ))}
          </Stack>
        </section>
      ))}
    </Stack>
  );
}

function MeasuresTable({ rooms }: { rooms: readonly FloorplanRoom[] }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const length = (value: number, inches: number | null) =>
    inches === null ? t('review.floorplan.metres', { value: formatNumber(value, lng, { maximumFractionDigits: 2 }) }) : t('review.floorplan.feet', { feet: formatNumber(value, lng, { maximumFractionDigits: 0 }), inches: formatNumber(inches, lng, { maximumFractionDigits: 1 }) });
  const floorType = (value: string | null) => (value === null ? '' : languageOf(lng) === 'en' ? floorTypeInEnglish(value) : value);
  return (
    <Table striped withTableBorder style={{ tableLayout: 'fixed', wordBreak: 'break-word' }}>
      <Table.Caption>{t('review.floorplan.measures')}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('review.floorplan.room')}</Table.Th>
          <Table.Th>{t('review.floorplan.floor')}</Table.Th>
          <Table.Th>{t('review.floorplan.size')}</Table.Th>
          <Table.Th>{t('review.floorplan.irregular')}</Table.Th>
          <Table.Th>{t('review.floorplan.floor_type')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rooms.map((room) => (
          <Table.Tr key={room.id}>
            <Table.Td>{room.roomname}</Table.Td>
            <Table.Td>{room.floorname}</Table.Td>
            <Table.Td>{t('review.floorplan.by', { width: length(room.width, room.width_inches), height: length(room.height, room.height_inches) })}</Table.Td>
            <Table.Td>{room.irregular ? t('review.yes') : t('review.no')}</Table.Td>
            <Table.Td>{floorType(room.floor_type)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
