import type { GeoJSONSource, Map as MapLibreMap, MapLayerMouseEvent } from 'maplibre-gl';
import { Popup } from 'maplibre-gl';
import type { BrokerOfficeView, ZoneMapData } from '#shared/catalogue/zones.ts';
import { zoneFeatures, type EditorZone } from './zone-editor.ts';

/**
 * The zone map's layers (part 2 §2 "Zone map"): zone polygons (the zone being edited red, chosen
 * zones blue and thicker, the others black, a removed one dashed until the save), shooting and depot markers, and the broker offices
 * clustered (grid 40 px, no clusters past zoom 15) with a hover title and a Ctrl-click info window.
 */
export interface ZoneMapColors {
  zone: string;
  chosen: string;
  selected: string;
  office: string;
  cluster: string;
  shooting: string;
  depot: string;
  halo: string;
}

export interface ZoneMapTexts {
  officeTitle: (o: { name: string; listings: number; brokers: number }) => string;
  clusterTitle: (count: number) => string;
  shootingTitle: (s: { date: string; address: string }) => string;
  depotTitle: (address: string) => string;
  infoLines: (o: { name: string; listings: number; brokers: number }) => string[];
}

export const CLUSTER = { radius: 40, maxZoom: 15 } as const;
const empty = (): GeoJSON.FeatureCollection => ({ type: 'FeatureCollection', features: [] });

export function addZoneMapLayers(map: MapLibreMap, colors: ZoneMapColors, texts: ZoneMapTexts): void {
  map.addSource('zones', { type: 'geojson', data: empty() });
  map.addSource('shootings', { type: 'geojson', data: empty() });
  map.addSource('depots', { type: 'geojson', data: empty() });
  map.addSource('offices', { type: 'geojson', data: empty(), cluster: true, clusterRadius: CLUSTER.radius, clusterMaxZoom: CLUSTER.maxZoom });
  const zoneColor = ['match', ['get', 'status'], 'chosen', colors.chosen, 'selected', colors.selected, colors.zone] as never;
  const kept = ['!=', ['get', 'status'], 'removed'] as never;
  map.addLayer({ id: 'zones-fill', type: 'fill', source: 'zones', filter: kept, paint: { 'fill-color': zoneColor, 'fill-opacity': 0.08 } });
  map.addLayer({ id: 'zones-line', type: 'line', source: 'zones', filter: kept, paint: { 'line-color': zoneColor, 'line-width': ['match', ['get', 'status'], 'chosen', 4, 2] as never } });
  // A removed zone stays on the map until the save deletes it (removal takes effect only on save): an outline of dashes, unfilled.
  map.addLayer({ id: 'zones-removed', type: 'line', source: 'zones', filter: ['==', ['get', 'status'], 'removed'], paint: { 'line-color': colors.zone, 'line-width': 2, 'line-dasharray': [2, 2] } });
  map.addLayer({
    id: 'offices-clusters',
    type: 'circle',
    source: 'offices',
    filter: ['has', 'point_count'],
    paint: {
      'circle-color': colors.cluster,
      'circle-opacity': 0.85,
      'circle-radius': ['step', ['get', 'point_count'], 10, 10, 14, 100, 18, 1000, 24] as never,
      'circle-stroke-color': colors.halo,
      'circle-stroke-width': 2,
    },
  });
  map.addLayer({
    id: 'offices-point',
    type: 'circle',
    source: 'offices',
    filter: ['!', ['has', 'point_count']],
    paint: { 'circle-color': colors.office, 'circle-radius': 6, 'circle-stroke-color': colors.halo, 'circle-stroke-width': 1.5 },
  });
  map.addLayer({ id: 'depots', type: 'circle', source: 'depots', paint: { 'circle-color': colors.depot, 'circle-radius': 8, 'circle-stroke-color': colors.halo, 'circle-stroke-width': 2 } });
  map.addLayer({ id: 'shootings', type: 'circle', source: 'shootings', paint: { 'circle-color': colors.shooting, 'circle-radius': 5, 'circle-stroke-color': colors.halo, 'circle-stroke-width': 1 } });

  // Hover titles: one popup without a close button follows the pointer's feature.
  const hover = new Popup({ closeButton: false, closeOnClick: false, className: 'zone-map-title' });
  const titleOf = (layer: string, p: Record<string, unknown>): string => {
    if (layer === 'offices-point') return texts.officeTitle({ name: String(p.name), listings: Number(p.listing_count), brokers: Number(p.broker_count) });
    if (layer === 'offices-clusters') return texts.clusterTitle(Number(p.point_count));
    if (layer === 'shootings') return texts.shootingTitle({ date: String(p.scheduleddate), address: String(p.address) });
    return texts.depotTitle(String(p.address));
  };
  // One pointer handler for every marker layer (not one per layer: each would query the rendered
  // features on every move), idle while the map is dragged.
  const hoverable = ['offices-point', 'offices-clusters', 'shootings', 'depots'];
  map.on('mousemove', (e) => {
    if (e.originalEvent.buttons || map.isMoving()) return;
    const f = map.queryRenderedFeatures(e.point, { layers: hoverable })[0];
    map.getCanvas().style.cursor = f ? 'pointer' : '';
    if (f) hover.setLngLat(e.lngLat).setText(titleOf(f.layer.id, f.properties)).addTo(map);
    else hover.remove();
  });
  map.on('mouseout', () => hover.remove());
  // Ctrl-click on an office: an info window with name, listings and brokers (stays until closed).
  map.on('click', 'offices-point', (e: MapLayerMouseEvent) => {
    const f = e.features?.[0];
    if (!f || !e.originalEvent.ctrlKey) return;
    const p = f.properties;
    const box = document.createElement('div');
    box.dataset.testid = 'office-info';
    for (const line of texts.infoLines({ name: String(p.name), listings: Number(p.listing_count), brokers: Number(p.broker_count) })) {
      const row = document.createElement('div');
      row.textContent = line;
      box.append(row);
    }
    hover.remove();
    new Popup({ closeButton: true, maxWidth: '260px' }).setLngLat(e.lngLat).setDOMContent(box).addTo(map);
  });
  // A click on a cluster zooms in to its expansion.
  map.on('click', 'offices-clusters', (e: MapLayerMouseEvent) => {
    const f = e.features?.[0];
    if (!f || f.geometry.type !== 'Point') return;
    const center = f.geometry.coordinates as [number, number];
    void (map.getSource('offices') as GeoJSONSource).getClusterExpansionZoom(Number(f.properties.cluster_id)).then((zoom) => map.easeTo({ center, zoom }));
  });
}

const point = (lng: number, lat: number, properties: Record<string, unknown>) => ({ type: 'Feature' as const, geometry: { type: 'Point' as const, coordinates: [lng, lat] }, properties });

export function setOffices(map: MapLibreMap, offices: readonly BrokerOfficeView[]): void {
  (map.getSource('offices') as GeoJSONSource | undefined)?.setData({ type: 'FeatureCollection', features: offices.map((o) => point(o.lng, o.lat, { ...o })) });
}

export function setMarkers(map: MapLibreMap, data: ZoneMapData): void {
  (map.getSource('shootings') as GeoJSONSource | undefined)?.setData({
    type: 'FeatureCollection',
    features: data.shootings.map((s) => point(s.lng, s.lat, { id: s.id, scheduleddate: s.scheduleddate, address: `${s.address}, ${s.city}` })),
  });
  (map.getSource('depots') as GeoJSONSource | undefined)?.setData({
    type: 'FeatureCollection',
    features: data.depots.map((d) => point(d.lng, d.lat, { id: d.id, address: `${d.civic_number} ${d.street}, ${d.city}` })),
  });
}

/** The zones drawn (zoneFeatures): a removed one dashed, as the list strikes it, until the save deletes it. */
export function setZonePolygons(map: MapLibreMap, zones: readonly EditorZone[], chosen: ReadonlySet<EditorZone['id']>, editing: EditorZone['id'] | null): void {
  (map.getSource('zones') as GeoJSONSource | undefined)?.setData({ type: 'FeatureCollection', features: zoneFeatures(zones, chosen, editing) });
}
