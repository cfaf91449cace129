import { Alert, Box, Button, Group, List, Modal, Stack, Text, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getPlannerMap } from '#shared/catalogue/planner.ts';
import type { ShootingView } from '#shared/catalogue/shootings.ts';
import type { OutputOf } from '#shared/catalogue/operation.ts';
import { callOperation } from '../../api/client.ts';
import { DelayedLoader } from '../../app/delayed-loader.tsx';
import { MAP_ZOOM, MapView, QUEBEC_CENTER } from '../../components/map/map-view.tsx';
import { formatDay } from '../../i18n/format.ts';
import { downloadDay } from './export-day.ts';
import { addressOf, plannerQueries } from './queries.ts';

/** Part 2 §9: the depot circle's radius. */
export const DEPOT_RADIUS_M = 20_000;

type PlannerMap = OutputOf<typeof getPlannerMap>;

/** Under the planner's day key: dispatch, assignment and 'Actualiser' reload it with the rest of the day. */
const mapQuery = (date: string) =>
  queryOptions({
    queryKey: [...plannerQueries.day(date), 'map'] as const,
    queryFn: ({ signal }) => callOperation(getPlannerMap, { date }, { signal }),
  });

/** One colour per technician, from the theme, in card order. */
const PALETTE = ['blue', 'grape', 'teal', 'orange', 'red', 'indigo', 'lime', 'cyan', 'pink', 'violet', 'green', 'yellow'] as const;

interface DayToolsProps {
  date: string;
  /** The day's shootings (the planner's query), for the addresses on the map. */
  shootings: readonly ShootingView[];
}

/**
 * The planner's 'Map' button and modal (part 2 'Shooting planner': available technicians, the
 * day's shootings, a 20,000 m circle around each depot, one route line per technician, zoom 7)
 * and its 'export day' button (the day as a VROOM problem, export-day.ts).
 */
/** `disabled` while the board is not the picked day's yet (the pause after a date change, the day's first read). */
export function PlannerDayTools({ date, shootings, disabled = false }: DayToolsProps & { disabled?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const exporting = useMutation({ mutationFn: () => downloadDay(date) });
  return (
    <>
      <Button variant="default" disabled={disabled} onClick={() => setOpen(true)}>
        {t('plannermap.open')}
      </Button>
      <Button variant="default" disabled={disabled} loading={exporting.isPending} onClick={() => exporting.mutate()}>
        {t('plannermap.export')}
      </Button>
      {exporting.isError && (
        <Text c="red" size="sm" role="alert">
          {t('plannermap.export_error')}
        </Text>
      )}
      {open && <PlannerMapModal date={date} shootings={shootings} onClose={() => setOpen(false)} />}
    </>
  );
}

function PlannerMapModal({ date, shootings, onClose }: DayToolsProps & { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)');
  const query = useQuery(mapQuery(date));
  return (
    <Modal opened onClose={onClose} size="90%" fullScreen={phone} title={t('plannermap.title', { date: formatDay(date, i18n.language) })} closeButtonProps={{ 'aria-label': t('plannermap.close') }}>
      {query.isError ? (
        <Alert color="red">{t('plannermap.load_error')}</Alert>
      ) : query.isPending ? (
        <DelayedLoader label={t('common.loading')} />
      ) : (
        <DayMap data={query.data} shootings={shootings} />
      )}
    </Modal>
  );
}

function DayMap({ data, shootings }: { data: PlannerMap; shootings: readonly ShootingView[] }) {
  const { t } = useTranslation();
  const theme = useMantineTheme();
  const colorOf = useMemo(() => new Map(data.techs.map((tech, i) => [tech.tech_id, theme.colors[PALETTE[i % PALETTE.length]!]![7]!])), [data.techs, theme]);
  const names = useMemo(() => new Map(data.techs.map((tech) => [tech.tech_id, `${tech.firstname} ${tech.lastname}`.trim()])), [data.techs]);
  const addresses = useMemo(() => new Map(shootings.map((s) => [s.id, addressOf(s)])), [shootings]);
  const center = useMemo(() => centreOf([...data.techs.map((tech) => tech.start), ...data.shootings]), [data]);
  const unassigned = data.shootings.filter((s) => s.tech_id === null || !colorOf.has(s.tech_id)).length;

  const onReady = useCallback(
    (map: MapLibreMap) => {
      const grey = theme.colors.gray[6];
      const halo = theme.white;
      const depotColor = theme.colors.green[8];
      map.addSource('depot-circles', { type: 'geojson', data: collection(data.depots.map((d) => ({ type: 'Polygon', coordinates: [circleRing(d, DEPOT_RADIUS_M)] }))) });
      const routed = data.techs.filter((tech) => tech.line.length > 1);
      map.addSource('routes', { type: 'geojson', data: collection(routed.map((tech) => ({ type: 'LineString', coordinates: tech.line })), routed.map((tech) => ({ color: colorOf.get(tech.tech_id) }))) });
      map.addSource('depots', { type: 'geojson', data: collection(data.depots.map((d) => point(d)), data.depots.map((d) => ({ title: t('plannermap.depot_title', { address: d.label }) }))) });
      map.addSource('techs', {
        type: 'geojson',
        data: collection(data.techs.map((tech) => point(tech.start)), data.techs.map((tech) => ({ color: colorOf.get(tech.tech_id), title: t('plannermap.tech_title', { name: names.get(tech.tech_id) }) }))),
      });
      map.addSource('shootings', {
        type: 'geojson',
        data: collection(
          data.shootings.map((s) => point(s)),
          data.shootings.map((s) => ({
            color: (s.tech_id !== null && colorOf.get(s.tech_id)) || grey,
            title: [addresses.get(s.id) ?? `#${s.id}`, s.tech_id !== null ? names.get(s.tech_id) : t('plannermap.unassigned')].filter(Boolean).join(' — '),
          })),
        ),
      });
      map.addLayer({ id: 'depot-circles-fill', type: 'fill', source: 'depot-circles', paint: { 'fill-color': depotColor, 'fill-opacity': 0.08 } });
      map.addLayer({ id: 'depot-circles-line', type: 'line', source: 'depot-circles', paint: { 'line-color': depotColor, 'line-width': 1.5 } });
      map.addLayer({ id: 'routes', type: 'line', source: 'routes', layout: { 'line-join': 'round', 'line-cap': 'round' }, paint: { 'line-color': ['get', 'color'] as never, 'line-width': 3, 'line-opacity': 0.85 } });
      map.addLayer({ id: 'depots', type: 'circle', source: 'depots', paint: { 'circle-color': depotColor, 'circle-radius': 7, 'circle-stroke-color': halo, 'circle-stroke-width': 2 } });
      map.addLayer({ id: 'techs', type: 'circle', source: 'techs', paint: { 'circle-color': halo, 'circle-radius': 7, 'circle-stroke-color': ['get', 'color'] as never, 'circle-stroke-width': 4 } });
      map.addLayer({ id: 'shootings', type: 'circle', source: 'shootings', paint: { 'circle-color': ['get', 'color'] as never, 'circle-radius': 6, 'circle-stroke-color': halo, 'circle-stroke-width': 1.5 } });
      // The sources are set once: the modal's map is made anew at every opening.
      void showTitles(map, ['shootings', 'techs', 'depots']);
    },
    [data, theme, colorOf, names, addresses, t],
  );

  return (
    <Stack gap="sm">
      <MapView center={center} zoom={MAP_ZOOM.planner} label={t('plannermap.map_label')} height="min(60vh, 560px)" onReady={onReady} />
      {data.techs.some((tech) => tech.approximate) && (
        <Text size="sm" c="dimmed">
          {t('plannermap.approximate')}
        </Text>
      )}
      {data.techs.length === 0 ? (
        <Text>{t('planner.no_tech')}</Text>
      ) : (
        <List listStyleType="none" spacing={4} aria-label={t('plannermap.legend')} data-testid="planner-map-legend">
          {data.techs.map((tech) => (
            <List.Item key={tech.tech_id}>
              <Group gap="xs" wrap="nowrap">
                <Box w={14} h={14} style={{ borderRadius: 7, flex: 'none', background: colorOf.get(tech.tech_id) }} aria-hidden />
                <Text size="sm">{t('plannermap.tech_line', { name: names.get(tech.tech_id), count: tech.route.length })}</Text>
              </Group>
            </List.Item>
          ))}
        </List>
      )}
      <Text size="sm">{t('plannermap.summary', {
          shootings: t('plannermap.shooting_count', { count: data.shootings.length }),
          unassigned: t('plannermap.unassigned_count', { count: unassigned }),
          depots: t('plannermap.depot_count', { count: data.depots.length }),
        })}</Text>
    </Stack>
  );
}

/** Hover titles: one popup without a close button follows the pointer's marker. */
async function showTitles(map: MapLibreMap, layers: string[]): Promise<void> {
  const { Popup } = await import('maplibre-gl');
  const hover = new Popup({ closeButton: false, closeOnClick: false });
  map.on('mousemove', (e) => {
    if (e.originalEvent.buttons || map.isMoving()) return;
    const f = map.queryRenderedFeatures(e.point, { layers })[0];
    map.getCanvas().style.cursor = f ? 'pointer' : '';
    if (f) hover.setLngLat(e.lngLat).setText(String(f.properties.title)).addTo(map);
    else hover.remove();
  });
}

const point = (p: { lat: number; lng: number }): GeoJSON.Point => ({ type: 'Point', coordinates: [p.lng, p.lat] });

function collection(geometries: GeoJSON.Geometry[], properties: Array<Record<string, unknown>> = []): GeoJSON.FeatureCollection {
  return { type: 'FeatureCollection', features: geometries.map((geometry, i) => ({ type: 'Feature', geometry, properties: properties[i] ?? {} })) };
}

/** A circle of `radiusM` metres around a point, as a 64-vertex ring (equirectangular: exact enough at 20 km). */
export function circleRing(c: { lat: number; lng: number }, radiusM: number, vertices = 64): Array<[number, number]> {
  const mPerDegLat = 111_320;
  const mPerDegLng = mPerDegLat * Math.cos((c.lat * Math.PI) / 180);
  const ring: Array<[number, number]> = [];
  for (let k = 0; k <= vertices; k++) {
    const a = (2 * Math.PI * (k % vertices)) / vertices;
    ring.push([c.lng + (radiusM * Math.sin(a)) / mPerDegLng, c.lat + (radiusM * Math.cos(a)) / mPerDegLat]);
  }
  return ring;
}

/** The middle of the day's points (Quebec's fixed point when there are none). */
function centreOf(points: ReadonlyArray<{ lat: number; lng: number }>): { lat: number; lng: number } {
  if (!points.length) return QUEBEC_CENTER;
  const lats = points.map((p) => p.lat);
  const lngs = points.map((p) => p.lng);
  return { lat: (Math.min(...lats) + Math.max(...lats)) / 2, lng: (Math.min(...lngs) + Math.max(...lngs)) / 2 };
}
