import { darken, luminance, type MantineColorsTuple } from '@mantine/core';

/**
 * WCAG 2 contrast, used to build a theme whose colours are readable (docs/decisions/0110-*):
 * 4.5:1 for normal text (success criterion 1.4.3, level AA).
 */
export const TEXT_CONTRAST = 4.5;
/** A little above the threshold, so rounding in browsers and axe never tips it under. */
const TARGET = TEXT_CONTRAST + 0.1;

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The colour, darkened in small steps until it reads at TARGET against every background given. */
export function darkenUntilReadable(color: string, backgrounds: readonly string[]): string {
  let result = color;
  for (let step = 1; step <= 100 && backgrounds.some((bg) => contrastRatio(result, bg) < TARGET); step++) {
    result = darken(color, step / 100);
  }
  return toHex(result);
}

/**
 * A Mantine palette whose text shades (6 to 9: filled backgrounds with white text, `c="red"`,
 * links, light-variant text, dimmed text) read at 4.5:1 on white, on the palette's own light
 * backgrounds (0, 1) and on the light greys (0, 1). Shades 0 to 5 (backgrounds, borders) stay.
 */
export function readablePalette(palette: MantineColorsTuple, greys: MantineColorsTuple, white = '#ffffff'): MantineColorsTuple {
  const backgrounds = [white, palette[0], palette[1], greys[0], greys[1]];
  const shades = [...palette];
  for (let i = 6; i <= 9; i++) {
    const readable = darkenUntilReadable(palette[i]!, backgrounds);
    // each shade stays darker than the one before it (shade 7 is the hover of shade 6)
    shades[i] = i > 6 && luminance(readable) >= luminance(shades[i - 1]!) * 0.85 ? toHex(darken(shades[i - 1]!, 0.08)) : readable;
  }
  return shades as unknown as MantineColorsTuple;
}

function toHex(color: string): string {
  const rgb = color.match(/rgba?\((\d+),\s*(\d+),\s*(\d+)/);
  if (!rgb) return color;
  return `#${rgb
    .slice(1, 4)
    .map((c) => Number(c).toString(16).padStart(2, '0'))
    .join('')}`;
}
