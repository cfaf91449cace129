import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

/**
 * sharp (libvips) loaded at first use: loading it costs about 125 ms of a cold start, and the
 * handlers that carry it (ZIP downloads, watermarks) often answer without an image to make, e.g.
 * from a ZIP already built (ADR 0410).
 */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then((module) => module.default);
  return loading;
}
