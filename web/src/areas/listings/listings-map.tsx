import { Alert, useMantineTheme } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { GeoJSONSource, Map as MapLibreMap, MapLayerMouseEvent } from 'maplibre-gl';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getListing, type ListingDetail, type MapPoint } from '#shared/catalogue/listings.ts';
import { pathOf } from '#shared/routes.ts';
import { callOperation } from '../../api/client.ts';
import { DelayedLoader } from '../../app/delayed-loader.tsx';
import { MAP_ZOOM, MapView, QUEBEC_CENTER } from '../../components/map/map-view.tsx';
import { formatNumber } from '../../i18n/format.ts';
import { listingQueries } from './queries.ts';

/** Part 3 §9: the listing map clusters on a 60-pixel grid. */
export const LISTING_CLUSTER_RADIUS = 60;

/**
 * The listing map (part 3 screen 2): listings that have a delivery token, clustered (grid 60), a
 * click on one opens its info window (address, broker, link 'Page de livraison'), read then (the map
 * holds only points); it starts at Quebec's fixed centre, zoom 8. Drawn with the product's one map component.
 */
export function ListingsMap() {
  const { t, i18n } = useTranslation();
  const theme = useMantineTheme();
  const listings = useQuery(listingQueries.map());
  const [map, setMap] = useState<MapLibreMap | null>(null);

  useEffect(() => {
    if (!map || !listings.data) return;
    const source = map.getSource('listings') as GeoJSONSource | undefined;
    source?.setData(featuresOf(listings.data));
  }, [map, listings.data]);

  if (listings.isPending) return <DelayedLoader label={t('common.loading')} />;
  if (listings.isError)
    return (
      <Alert color="red" role="alert">
        {t('listings.load_failed')}
      </Alert>
    );
  return (
    <div data-testid="listings-map" data-count={listings.data.length}>
      <MapView
        center={QUEBEC_CENTER}
        zoom={MAP_ZOOM.default}
        label={t('listings.map_label', { count: listings.data.length, formatted: formatNumber(listings.data.length, i18n.language) })}
        height="60vh"
        onReady={(m) => {
          // Texts at click time (i18n.t: the page's language then); the listing as it is now, not a cached copy the dialog holds on to.
          addListingLayers(m, { cluster: theme.colors.blue[7], point: theme.colors.red[7], halo: theme.white }, (id, box) => {
            box.textContent = i18n.t('common.loading');
            callOperation(getListing, { id }).then(
              ({ listing: l }) => box.replaceChildren(...infoOf(l, i18n.t('listings.delivery_page'), i18n.t('listings.broker_line', { name: `${l.broker.firstname} ${l.broker.lastname}` }))),
              () => (box.textContent = i18n.t('listings.info_failed')),
            );
          });
          setMap(m);
        }}
      />
    </div>
  );
}

function featuresOf(points: readonly MapPoint[]): GeoJSON.FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: points.map(([id, lat, lng]) => ({ type: 'Feature', geometry: { type: 'Point', coordinates: [lng, lat] }, properties: { id } })),
  };
}

/** The info window's content: address, broker, and the delivery page link when the listing still has one (built as DOM, never HTML text). */
function infoOf(l: ListingDetail, linkText: string, brokerLine: string): HTMLElement[] {
  const address = document.createElement('strong');
  address.textContent = `${l.app ? `${l.address}, ${l.app}` : l.address}, ${l.city}`;
  const broker = document.createElement('div');
  broker.textContent = brokerLine;
  if (!l.distribution_token) return [address, broker];
  const link = document.createElement('a');
  link.href = pathOf('delivery').replace('$token', encodeURIComponent(l.distribution_token));
  link.target = '_blank';
  link.rel = 'noopener';
  link.textContent = linkText;
  return [address, broker, link];
}

/** The clustered points; a click on a point opens a popup whose box `fillInfo` fills. */
function addListingLayers(map: MapLibreMap, colors: { cluster: string; point: string; halo: string }, fillInfo: (id: number, box: HTMLElement) => void): void {
  map.addSource('listings', { type: 'geojson', data: { type: 'FeatureCollection', features: [] }, cluster: true, clusterRadius: LISTING_CLUSTER_RADIUS, clusterMaxZoom: 15 });
  map.addLayer({
    id: 'listings-clusters',
    type: 'circle',
    source: 'listings',
    filter: ['has', 'point_count'],
    paint: { 'circle-color': colors.cluster, 'circle-radius': ['step', ['get', 'point_count'], 12, 10, 16, 100, 20, 1000, 26] as never, 'circle-stroke-color': colors.halo, 'circle-stroke-width': 2 },
  });
  map.addLayer({
    id: 'listings-point',
    type: 'circle',
    source: 'listings',
    filter: ['!', ['has', 'point_count']],
    paint: { 'circle-color': colors.point, 'circle-radius': 7, 'circle-stroke-color': colors.halo, 'circle-stroke-width': 1.5 },
  });
  void import('maplibre-gl').then(({ Popup }) => {
    map.on('click', 'listings-point', (e: MapLayerMouseEvent) => {
      const feature = e.features?.[0];
      if (!feature) return;
      const box = document.createElement('div');
      box.setAttribute('aria-live', 'polite');
      fillInfo(Number(feature.properties.id), box);
      new Popup({ closeButton: true, maxWidth: '280px' }).setLngLat(e.lngLat).setDOMContent(box).addTo(map);
    });
  });
  map.on('click', 'listings-clusters', (e: MapLayerMouseEvent) => {
    const feature = e.features?.[0];
    const source = map.getSource('listings') as GeoJSONSource;
    if (!feature) return;
    void source.getClusterExpansionZoom(Number(feature.properties.cluster_id)).then((zoom) => map.easeTo({ center: (feature.geometry as GeoJSON.Point).coordinates as [number, number], zoom }));
  });
  map.on('mouseenter', 'listings-point', () => (map.getCanvas().style.cursor = 'pointer'));
  map.on('mouseleave', 'listings-point', () => (map.getCanvas().style.cursor = ''));
}
