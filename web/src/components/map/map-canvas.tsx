import { useMantineTheme } from '@mantine/core';
import { Map as MapLibreMap, NavigationControl, setWorkerUrl, type StyleSpecification } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?worker&url';
import 'maplibre-gl/dist/maplibre-gl.css';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { localBasemapStyle } from './basemap.ts';
import type { MapViewProps } from './map-view.tsx';

// maplibre finds its worker next to its own module; bundled, the worker is a separate asset (same origin, CSP worker-src 'self').
setWorkerUrl(workerUrl);

/**
 * The map itself (loaded lazily by MapView): maplibre-gl over the basemap — Amazon Location's
 * style when the deployment gives one (`styleUrl`), the offline Natural Earth basemap otherwise.
 */
export default function MapCanvas({ center, zoom, styleUrl, label, height, onReady }: MapViewProps & { styleUrl: string | undefined }) {
  const container = useRef<HTMLDivElement>(null);
  const theme = useMantineTheme();
  const ready = useRef(onReady);
  ready.current = onReady;
  const { t } = useTranslation();
  // maplibre's own control texts are English; they and the map's name follow the page's language.
  const texts = { label, zoomIn: t('common.map.zoom_in'), zoomOut: t('common.map.zoom_out'), closePopup: t('common.map.close_popup') };
  const current = useRef(texts);
  current.current = texts;

  const shown = useRef<MapLibreMap>(undefined);

  useEffect(() => {
    let cancelled = false;
    const colors = { water: theme.colors.blue[1], land: theme.colors.gray[0], coast: theme.colors.blue[4], border: theme.colors.gray[6] };
    const style: Promise<StyleSpecification | string> = styleUrl ? Promise.resolve(styleUrl) : localBasemapStyle(colors);
    void style.then((s) => {
      if (cancelled || !container.current) return;
      const loaded = new MapLibreMap({ container: container.current, style: s, center: [center.lng, center.lat], zoom, attributionControl: false, dragRotate: false, locale: uiStrings(current.current) });
      shown.current = loaded;
      loaded.touchZoomRotate.disableRotation();
      loaded.addControl(new NavigationControl({ showCompass: false }), 'top-right');
      nameControls(container.current, current.current);
      loaded.on('load', () => {
        if (!cancelled) ready.current?.(loaded);
      });
    });
    return () => {
      cancelled = true;
      shown.current?.remove();
      shown.current = undefined;
    };
    // The map is made once per mount; later centre and zoom changes belong to the caller (through the map given to onReady).
  }, [styleUrl]);

  useEffect(() => {
    // Popups opened from now on take their close button's name from the map's UI strings.
    if (shown.current) shown.current._locale = { ...shown.current._locale, ...uiStrings(texts) };
    if (container.current) nameControls(container.current, texts);
  }, [texts.label, texts.zoomIn, texts.zoomOut, texts.closePopup]);

  return <div ref={container} style={{ width: '100%', height }} data-testid="map" />;
}

type ControlTexts = { label: string; zoomIn: string; zoomOut: string; closePopup: string };

/** maplibre's UI strings the product shows: the zoom buttons and a popup's close button. */
const uiStrings = (texts: ControlTexts) => ({ 'NavigationControl.ZoomIn': texts.zoomIn, 'NavigationControl.ZoomOut': texts.zoomOut, 'Popup.Close': texts.closePopup });

/** The canvas's accessible name and the buttons' names (zoom tooltips too), in the page's language. */
function nameControls(root: HTMLElement, texts: ControlTexts): void {
  root.querySelector('canvas.maplibregl-canvas')?.setAttribute('aria-label', texts.label);
  for (const [selector, name] of [['.maplibregl-ctrl-zoom-in', texts.zoomIn], ['.maplibregl-ctrl-zoom-out', texts.zoomOut]] as const) {
    const button = root.querySelector(selector);
    button?.setAttribute('aria-label', name);
    button?.setAttribute('title', name);
  }
  for (const button of root.querySelectorAll('.maplibregl-popup-close-button')) button.setAttribute('aria-label', texts.closePopup);
}
