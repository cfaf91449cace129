import { Alert, Button, Group, Modal, NativeSelect, SegmentedControl, Stack, Tabs, Text, TextInput, Title, useMantineTheme } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { TerraDraw, TerraDrawModeUndoRedo, TerraDrawPolygonMode, TerraDrawSelectMode, type HexColor } from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_ZONE_TYPE, zoneSaveConflict, type ZoneSaveConflict } from '#shared/catalogue/zones.ts';
import { addDays, localDateOf } from '#shared/rules/business-time.ts';
import { isApiError } from '../../api/client.ts';
import { MAP_ZOOM, MapView, QUEBEC_CENTER } from '../../components/map/map-view.tsx';
import { formatDay } from '../../i18n/format.ts';
import { ZoneList } from './zone-list.tsx';
import { clearRemovals, closeRing, fromServer, hasPendingChanges, isTemp, newTempId, saveForm, type EditorZone, type Position } from './zone-editor.ts';
import { addZoneMapLayers, setMarkers, setOffices, setZonePolygons } from './zone-map-layers.ts';
import { useSaveZonesMutation, zoneQueries } from './queries.ts';

/**
 * /zones (part 2 §2 "Zone map" and "Zone editor"): the map with shootings, depots, clustered broker
 * offices and the zone polygons; one tab 'Create Zone' with the modes view, create (clicks add
 * vertices, UNDO removes the last one, drawn in red) and edit (the zone's vertices dragged in red,
 * the new coordinates taken when the mouse is released), the zone type (default Sales) and the zone
 * list (hide, remove, select). Nothing is written before Save (update, create and delete lists).
 * Drawing and vertex editing are terra-draw's (docs/decisions/0142-zone-editor-terra-draw.md).
 */
type Mode = 'view' | 'create' | 'edit';
type SaveError = { kind: 'conflict'; details: ZoneSaveConflict } | { kind: 'other'; detail: string };

const polygonRing = (geometry: { type: string; coordinates: unknown }): Position[] | null =>
  geometry.type === 'Polygon' ? closeRing((geometry.coordinates as Position[][])[0] ?? []) : null;

export function ZonesPage() {
  const { t, i18n } = useTranslation();
  const theme = useMantineTheme();
  const zonesQuery = useQuery(zoneQueries.zones());
  const offices = useQuery(zoneQueries.offices());
  const today = localDateOf(Date.now());
  const mapData = useQuery(zoneQueries.mapData(today, addDays(today, 30)));
  const save = useSaveZonesMutation();

  const [zones, setZones] = useState<EditorZone[]>([]);
  const [mode, setMode] = useState<Mode>('view');
  const [editingId, setEditingId] = useState<EditorZone['id'] | null>(null);
  const [chosen, setChosen] = useState<ReadonlySet<EditorZone['id']>>(new Set());
  const [draftName, setDraftName] = useState('');
  const [draftType, setDraftType] = useState<1 | 2>(DEFAULT_ZONE_TYPE);
  const [drawn, setDrawn] = useState<Position[] | null>(null);
  /** The catalogue keys of the last refusal and the last confirmation. */
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<SaveError | null>(null);
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const draw = useRef<TerraDraw | null>(null);
  const modeRef = useRef(mode);
  modeRef.current = mode;
  const editingRef = useRef(editingId);
  editingRef.current = editingId;

  // The loaded zones replace the editor's only while nothing is pending.
  const loadedAt = zonesQuery.dataUpdatedAt;
  useEffect(() => {
    if (zonesQuery.data) setZones((current) => (hasPendingChanges(current) ? current : fromServer(zonesQuery.data.zones)));
  }, [loadedAt, zonesQuery.data]);

  const colors = useMemo(
    () => ({
      zone: theme.colors.dark[9],
      chosen: theme.colors.blue[8],
      selected: theme.colors.red[7],
      office: theme.colors.blue[6],
      cluster: theme.colors.indigo[7],
      shooting: theme.colors.orange[7],
      depot: theme.colors.green[8],
      halo: theme.white,
    }),
    [theme],
  );

  const onReady = useCallback(
    (m: MapLibreMap) => {
      addZoneMapLayers(m, colors, {
        officeTitle: (o) => t('zones.office_title', { name: o.name, listings: t('zones.listing_count', { count: o.listings }), brokers: t('zones.broker_count', { count: o.brokers }) }),
        clusterTitle: (count) => t('zones.cluster_title', { count }),
        shootingTitle: (s) => t('zones.shooting_title', { date: formatDay(s.date, i18n.language), address: s.address }),
        depotTitle: (address) => t('zones.depot_title', { address }),
        infoLines: (o) => [t('zones.info_name', { name: o.name }), t('zones.info_listings', { count: o.listings }), t('zones.info_brokers', { count: o.brokers })],
      });
      const red = colors.selected as HexColor;
      const instance = new TerraDraw({
        adapter: new TerraDrawMapLibreGLAdapter({ map: m }),
        modes: [
          new TerraDrawPolygonMode({
            styles: { fillColor: red, fillOpacity: 0.15, outlineColor: red, outlineWidth: 3, closingPointColor: red, closingPointWidth: 6, coordinatePointColor: red },
            showCoordinatePoints: true,
          }),
          new TerraDrawSelectMode({
            flags: { polygon: { feature: { draggable: false, coordinates: { draggable: true, midpoints: true, deletable: true } } } },
            styles: { selectedPolygonColor: red, selectedPolygonOutlineColor: red, selectedPolygonOutlineWidth: 3, selectedPolygonFillOpacity: 0.15, selectionPointColor: red, midPointColor: red },
            allowManualDeselection: false,
          }),
        ],
        undoRedo: { modeLevel: new TerraDrawModeUndoRedo() },
      });
      instance.start();
      instance.on('finish', (id) => {
        const ring = polygonRing(instance.getSnapshotFeature(id)?.geometry ?? { type: 'none', coordinates: [] });
        if (!ring) return;
        if (modeRef.current === 'create') {
          setDrawn(ring);
          setProblem(null);
          instance.setMode('static');
        } else if (modeRef.current === 'edit') {
          // Releasing the mouse on the selected polygon reports its new coordinates.
          const target = editingRef.current;
          setZones((zs) => zs.map((z) => (z.id === target ? { ...z, ring, hasChanged: true } : z)));
        }
      });
      draw.current = instance;
      setMap(m);
    },
    [colors, t, i18n.language],
  );

  useEffect(() => () => draw.current?.stop(), []);
  useEffect(() => {
    if (map && offices.data) setOffices(map, offices.data.offices);
  }, [map, offices.data]);
  useEffect(() => {
    if (map && mapData.data) setMarkers(map, mapData.data.result);
  }, [map, mapData.data]);
  useEffect(() => {
    if (map) setZonePolygons(map, zones, chosen, mode === 'edit' ? editingId : null);
  }, [map, zones, chosen, mode, editingId]);

  const resetDrawing = () => {
    draw.current?.clear();
    draw.current?.setMode('static');
    setDrawn(null);
    setProblem(null);
  };

  const changeMode = (next: Mode, zoneId: EditorZone['id'] | null = null) => {
    resetDrawing();
    setDone(null);
    setEditingId(next === 'edit' ? zoneId : null);
    setMode(next);
    const instance = draw.current;
    if (!instance) return;
    if (next === 'create') instance.setMode('polygon');
    if (next === 'edit' && zoneId !== null) {
      const zone = zones.find((z) => z.id === zoneId);
      if (!zone) return;
      const id = instance.getFeatureId();
      instance.addFeatures([{ id, type: 'Feature', geometry: { type: 'Polygon', coordinates: [zone.ring] }, properties: { mode: 'polygon' } }]);
      instance.setMode('select');
      instance.selectFeature(id);
    }
  };

  /** UNDO: the last vertex of the zone being drawn (or of the closed one, keeping at least three). */
  const undo = () => {
    const instance = draw.current;
    if (!instance) return;
    if (!drawn) {
      instance.undo();
      return;
    }
    const feature = instance.getSnapshot().find((f) => f.geometry.type === 'Polygon');
    if (!feature || drawn.length <= 4) {
      resetDrawing();
      instance.setMode('polygon');
      return;
    }
    const shorter = closeRing(drawn.slice(0, -2));
    instance.updateFeatureGeometry(feature.id!, { type: 'Polygon', coordinates: [shorter] });
    setDrawn(shorter);
  };

  /** The zone being drawn, once it has a shape and a name (part 2 §5 'Zones': the spec's two messages otherwise). */
  const drawnZone = (): EditorZone | undefined => {
    if (!drawn) return void setProblem('zones.no_shape');
    if (!draftName.trim()) return void setProblem('zones.no_name');
    return { id: newTempId(), zone_name: draftName.trim(), type: draftType, ring: drawn, isRemoved: false, isHidden: false, hasChanged: true };
  };

  const addZone = () => {
    const zone = drawnZone();
    if (!zone) return;
    setZones((zs) => [...zs, zone]);
    setDraftName('');
    changeMode('view');
  };

  const update = (id: EditorZone['id'], change: Partial<EditorZone>) => setZones((zs) => zs.map((z) => (z.id === id ? { ...z, ...change } : z)));

  const onSave = () => {
    setDone(null);
    // Saving while creating saves the zone being drawn with the rest: it needs its shape and its name.
    const creating = mode === 'create' ? drawnZone() : undefined;
    if (mode === 'create' && !creating) return;
    const all = creating ? [...zones, creating] : zones;
    if (creating) {
      setZones(all);
      setDraftName('');
    }
    const form = saveForm(all);
    const invalid = [...form.create, ...form.update].find((z) => !z.zone_name.trim());
    if (invalid) return setProblem('zones.no_name');
    if (!form.create.length && !form.update.length && !form.delete.length) return setDone('zones.nothing_to_save');
    changeMode('view');
    save.mutate(form, {
      onSuccess: (answer) => {
        setZones(fromServer(answer.result.zones));
        setChosen(new Set());
        setDone('zones.saved');
      },
      onError: (error) => {
        const details = isApiError(error, 409) ? zoneSaveConflict.safeParse(error.details) : undefined;
        setSaveError(details?.success ? { kind: 'conflict', details: details.data } : { kind: 'other', detail: error instanceof Error ? error.message : String(error) });
      },
    });
  };

  const closeError = () => {
    setSaveError(null);
    setZones(clearRemovals);
  };

  const editing = zones.find((z) => z.id === editingId);
  const nameOf = (id: number) => zones.find((z) => z.id === id)?.zone_name ?? `#${id}`;

  return (
    <Stack data-map-ready={map ? 'true' : 'false'}>
      <Title order={1}>{t('route.zones')}</Title>
      {zonesQuery.isError && <Alert color="red">{t('zones.load_error')}</Alert>}
      <Tabs defaultValue="create">
        <Tabs.List>
          <Tabs.Tab value="create">{t('zones.tab_create')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="create" pt="md">
          <Stack>
            <Group align="end" wrap="wrap">
              <SegmentedControl
                aria-label={t('zones.mode')}
                disabled={!map}
                value={mode}
                onChange={(value) => changeMode(value as Mode, value === 'edit' ? (editingId ?? [...chosen][0] ?? null) : null)}
                data={[
                  { value: 'view', label: t('zones.mode_view') },
                  { value: 'create', label: t('zones.mode_create') },
                  { value: 'edit', label: t('zones.mode_edit'), disabled: !editingId && !chosen.size },
                ]}
              />
              <NativeSelect
                label={t('zones.type')}
                value={String(mode === 'edit' && editing ? editing.type : draftType)}
                onChange={(e) => {
                  const type = Number(e.currentTarget.value) as 1 | 2;
                  if (mode === 'edit' && editing) update(editing.id, { type, hasChanged: true });
                  else setDraftType(type);
                }}
                data={[
                  { value: '1', label: t('zones.type_1') },
                  { value: '2', label: t('zones.type_2') },
                ]}
              />
              {mode === 'create' && (
                <TextInput label={t('zones.name')} value={draftName} onChange={(e) => setDraftName(e.currentTarget.value)} />
              )}
              {mode === 'edit' && editing && (
                <TextInput label={t('zones.name')} value={editing.zone_name} onChange={(e) => update(editing.id, { zone_name: e.currentTarget.value, hasChanged: true })} />
              )}
            </Group>
            {mode === 'create' && (
              <Group>
                <Button variant="default" onClick={undo}>
                  {t('zones.undo')}
                </Button>
                <Button onClick={addZone}>{t('zones.add_zone')}</Button>
                <Button variant="subtle" onClick={() => changeMode('view')}>
                  {t('zones.cancel_draw')}
                </Button>
              </Group>
            )}
            {mode === 'edit' && (
              <Button variant="default" onClick={() => changeMode('view')} style={{ alignSelf: 'flex-start' }}>
                {t('zones.done_edit')}
              </Button>
            )}
            {mode !== 'view' && <Text size="sm">{mode === 'create' ? t('zones.create_help') : t('zones.edit_help')}</Text>}
            {problem && (
              <Text c="red" role="alert">
                {t(problem)}
              </Text>
            )}
            <MapView center={QUEBEC_CENTER} zoom={MAP_ZOOM.default} label={t('zones.map_label')} height={520} onReady={onReady} />
            <Text size="sm" c="dimmed">
              {t('zones.legend')}
            </Text>
            <ZoneList
              zones={zones}
              offices={offices.data?.offices ?? []}
              chosen={chosen}
              onChoose={(id, on) => setChosen((c) => new Set(on ? [...c, id] : [...c].filter((x) => x !== id)))}
              onHide={(id, hidden) => update(id, { isHidden: hidden })}
              onRemove={(id, removed) => {
                if (removed && isTemp({ id })) setZones((zs) => zs.filter((z) => z.id !== id));
                else update(id, { isRemoved: removed });
                if (removed && editingId === id) changeMode('view');
              }}
              onEdit={(id) => changeMode('edit', id)}
            />
            <Group>
              <Button onClick={onSave} loading={save.isPending}>
                {t('zones.save')}
              </Button>
              {done && (
                <Text c="green" role="status">
                  {t(done)}
                </Text>
              )}
            </Group>
          </Stack>
        </Tabs.Panel>
      </Tabs>
      <Modal opened={saveError !== null} onClose={closeError} title={t('zones.error_title')} closeOnClickOutside={false}>
        {saveError?.kind === 'other' && (
          <Text>
            {t('zones.unexpected')} {saveError.detail}
          </Text>
        )}
        {saveError?.kind === 'conflict' && (
          <Stack gap="sm">
            {saveError.details.shootings.length > 0 && (
              <div>
                <Text fw={600}>{t('zones.blocked_shootings')}</Text>
                <ul data-testid="blocking-shootings">
                  {saveError.details.shootings.map((s) => (
                    <li key={s.id}>
                      {formatDay(s.scheduleddate, i18n.language)}, {s.address}
                      {s.city ? `, ${s.city}` : ''}
                    </li>
                  ))}
                </ul>
              </div>
            )}
            {saveError.details.userZones.length > 0 && (
              <div>
                <Text fw={600}>{t('zones.blocked_users')}</Text>
                <ul data-testid="blocking-users">
                  {saveError.details.userZones.map((u) => (
                    <li key={`${u.user_id}-${u.zone_id}-${u.backup}`}>
                      {t(u.backup ? 'zones.user_backup_zone' : 'zones.user_zone', { name: `${u.firstname} ${u.lastname}`, zone: nameOf(u.zone_id) })}
                    </li>
                  ))}
                </ul>
              </div>
            )}
            {saveError.details.stale.length > 0 && <Text>{t('zones.stale', { names: saveError.details.stale.map(nameOf).join(', ') })}</Text>}
          </Stack>
        )}
        <Group justify="flex-end" mt="lg">
          <Button onClick={closeError} data-autofocus>
            {t('zones.close')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
