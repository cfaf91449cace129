import type { StyleSpecification } from 'maplibre-gl';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countriesUrl from 'world-atlas/countries-50m.json?url';

/**
 * The offline basemap (docs/decisions/0141-one-map-component-offline-basemap.md): land, coastlines
 * and borders from Natural Earth 1:50m, shipped in the `world-atlas` npm package and served with the
 * app as one static asset (fetched once, when the first map opens; not in any script bundle).
 * No tiles, glyphs or sprites: nothing leaves the app's origin, so it works without a network.
 */
export interface BasemapColors {
  water: string;
  land: string;
  coast: string;
  border: string;
}

type Countries = Topology<{ countries: GeometryCollection }>;

/** ISO 3166 numeric codes: Canada, the United States, Greenland, Saint Pierre and Miquelon. */
const NEAR_QUEBEC = new Set(['124', '840', '304', '666']);

let topology: Promise<Countries> | undefined;

function countries(): Promise<Countries> {
  topology ??= fetch(countriesUrl).then(async (res) => {
    if (!res.ok) throw new Error(`basemap: ${res.status}`);
    return (await res.json()) as Countries;
  });
  topology.catch(() => (topology = undefined));
  return topology;
}

export async function localBasemapStyle(colors: BasemapColors): Promise<StyleSpecification> {
  const topo = await countries();
  // The product's maps show Quebec: North America's north-east is enough, and the map's worker
  // then tiles a few countries instead of the world.
  const near: GeometryCollection = { type: 'GeometryCollection', geometries: topo.objects.countries.geometries.filter((g) => NEAR_QUEBEC.has(String(g.id))) };
  const land = feature(topo, near);
  const borders = mesh(topo, near, (a, b) => a !== b);
  return {
    version: 8,
    sources: {
      land: { type: 'geojson', data: land, attribution: 'Natural Earth' },
      borders: { type: 'geojson', data: borders },
    },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': colors.water } },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': colors.land } },
      { id: 'coast', type: 'line', source: 'land', paint: { 'line-color': colors.coast, 'line-width': 1 } },
      { id: 'borders', type: 'line', source: 'borders', paint: { 'line-color': colors.border, 'line-width': 1.5, 'line-dasharray': [3, 2] } },
    ],
  };
}
