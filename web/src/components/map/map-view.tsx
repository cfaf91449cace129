import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { lazy, Suspense } from 'react';
import { appConfigQuery } from '../../app/app-config.ts';
import { DelayedLoader } from '../../app/delayed-loader.tsx';

/**
 * The one map component of the product (docs/decisions/0141-one-map-component-offline-basemap.md).
 * maplibre-gl and the basemap load with the first map shown, never with the app's first page.
 * The caller adds its sources, layers and tools to the map handed to `onReady`.
 */
export interface MapViewProps {
  center: { lat: number; lng: number };
  zoom: number;
  /** The map's accessible name. */
  label: string;
  /** CSS height, e.g. 520 or '60vh'. */
  height: number | string;
  onReady?: (map: MapLibreMap) => void;
}

const MapCanvas = lazy(() => import('./map-canvas.tsx'));

/** The basemap is the deployment's (Amazon Location in AWS, /app-config.json) or the offline one shipped with the app. */
export function MapView(props: MapViewProps) {
  const config = useQuery(appConfigQuery);
  const loader = <div style={{ height: props.height }}><DelayedLoader /></div>;
  const styleUrl = config.data?.mapStyleUrl ?? undefined;
  return (
    <div>
      {config.isPending ? (
        loader
      ) : (
        <Suspense fallback={loader}>
          <MapCanvas {...props} styleUrl={styleUrl} />
        </Suspense>
      )}
      <Text size="xs" c="dimmed">
        {styleUrl ? '© Amazon Location Service, HERE, OpenStreetMap' : 'Natural Earth'}
      </Text>
    </div>
  );
}

/** Quebec's fixed point the product's maps centre on (part 2 §2 "Zone map"). */
export const QUEBEC_CENTER = { lat: 45.9, lng: -73.2 } as const;
/** Part 2 §9: default zoom 8 (zone map), planner map zoom 7. */
export const MAP_ZOOM = { default: 8, planner: 7 } as const;
