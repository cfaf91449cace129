import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, TEXT_CONTRAST } from './contrast.ts';
import { theme } from './theme.ts';

describe('theme colours (WCAG AA, 4.5:1 for text)', () => {
  const palettes = Object.entries(theme.colors!).filter(([name]) => name !== 'dark');

  it('starts from palettes that fail: the library default blue under white text is 3.55:1', () => {
    expect(contrastRatio(DEFAULT_THEME.colors.blue[6], '#ffffff')).toBeLessThan(TEXT_CONTRAST);
  });

  it.each(palettes)('%s: white text on shades 6 to 9 (filled buttons and badges) reads at 4.5:1', (_name, palette) => {
    for (let i = 6; i <= 9; i++) expect(contrastRatio(palette![i]!, '#ffffff'), `shade ${i}`).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it.each(palettes)('%s: text shades read on the light backgrounds (light variant, grey rows)', (_name, palette) => {
    const greys = theme.colors!.gray!;
    for (const bg of [palette![0]!, palette![1]!, greys[0], greys[1]]) {
      for (let i = 6; i <= 9; i++) expect(contrastRatio(palette![i]!, bg), `shade ${i} on ${bg}`).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
  });

  it.each(palettes)('%s: keeps its shades in order, so hover (shade 7) differs from filled (shade 6)', (_name, palette) => {
    for (let i = 7; i <= 9; i++) expect(contrastRatio(palette![i]!, '#ffffff')).toBeGreaterThan(contrastRatio(palette![i - 1]!, '#ffffff'));
  });

  it('leaves backgrounds and borders (shades 0 to 5) as they were', () => {
    expect(theme.colors!.blue!.slice(0, 6)).toEqual(DEFAULT_THEME.colors.blue.slice(0, 6));
  });
});
