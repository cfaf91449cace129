import { Accordion, Alert, Group, Image, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FloorplanRoom } from '#shared/catalogue/review.ts';
import { floorTypeInEnglish, hasMeasuresShown } from '#shared/entities/floorplan-room.ts';
import { FLOOR_LABEL_READING, floorLabel } from '#shared/rules/floors.ts';
import { formatNumber, languageOf } from '../../i18n/format.ts';
import { reviewQueries } from './queries.ts';

/**
 * The floorplan panel of the review screen (part 3 screen 5 'floorplan room list and a measures
 * table', §9; ADR 0275): collapsed at first; the rooms floor by floor with their markers'
 * low-resolution pictures in order, then the measures table without the outdoor rooms of §9, the
 * floor type in English on the English screen (as recorded, French, on the French one). Floors are
 * named by part 3's reading of their number (ADR 0535); the stored `floorname` only when it has none.
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

/** The label a user reads for a room's floor on this screen. */
function useFloorName(): (room: Pick<FloorplanRoom, 'floor' | 'floorname'>) => string {
  const { i18n } = useTranslation();
  const lang = languageOf(i18n.language);
  return (room) => floorLabel(room.floor, FLOOR_LABEL_READING.tech_review_listing, lang) ?? room.floorname;
}

/** The rooms under one heading per floor label, lowest floor first (part 3's 'Other' gathers several floors). */
function floorsOf(rooms: readonly FloorplanRoom[], nameOf: (room: FloorplanRoom) => string): { name: string; floor: number; rooms: FloorplanRoom[] }[] {
  const floors = new Map<string, { name: string; floor: number; rooms: FloorplanRoom[] }>();
  for (const room of rooms) {
    const name = nameOf(room);
    const floor = floors.get(name) ?? { name, floor: room.floor, rooms: [] };
    floor.floor = Math.min(floor.floor, room.floor);
    floor.rooms.push(room);
    floors.set(name, floor);
  }
  return [...floors.values()].sort((a, b) => a.floor - b.floor);
}

function RoomList({ rooms }: { rooms: readonly FloorplanRoom[] }) {
  const { t } = useTranslation();
  const floorName = useFloorName();
  return (
    <Stack gap="sm">
      {floorsOf(rooms, floorName).map((floor) => (
        <section key={floor.name} aria-label={floor.name}>
          <Title order={3} size="h5">
            {floor.name}
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
  const floorName = useFloorName();
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
            <Table.Td>{floorName(room)}</Table.Td>
            <Table.Td>{t('review.floorplan.by', { width: length(room.width, room.width_inches), height: length(room.height, room.height_inches) })}</Table.Td>
            <Table.Td>{room.irregular ? t('review.yes') : t('review.no')}</Table.Td>
            <Table.Td>{floorType(room.floor_type)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
