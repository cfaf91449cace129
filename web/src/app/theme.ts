import { createTheme, DEFAULT_THEME, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import { readablePalette } from './contrast.ts';

/**
 * The app's Mantine theme, accessible once for every screen (docs/decisions/0110-accessible-theme.md):
 * every palette's text shades (6 to 9) are darkened until they read at 4.5:1 on white and on the
 * light backgrounds, so white on a filled button or badge, `c="red"` links, light-variant badge
 * text and the dimmed grey all pass WCAG AA; placeholders use the readable grey too; the focus
 * ring shows on keyboard focus everywhere; badges wrap instead of cutting their text off.
 */
const greys = DEFAULT_THEME.colors.gray;
const colors = Object.fromEntries(
  Object.entries(DEFAULT_THEME.colors).map(([name, palette]) => [name, name === 'dark' ? palette : readablePalette(palette, greys)]),
) as Record<string, MantineColorsTuple>;

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
    '--mantine-color-disabled-color': 'var(--mantine-color-gray-7)',
  },
  dark: {},
});

export const theme = createTheme({
  colors,
  primaryColor: 'blue',
  primaryShade: 6,
  defaultRadius: 'sm',
  focusRing: 'auto',
  components: {
    Badge: {
      styles: {
        root: { height: 'auto', minHeight: 'var(--badge-height)', maxWidth: '100%', paddingBlock: 2 },
        label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip', lineHeight: 1.25 },
      },
    },
  },
});
