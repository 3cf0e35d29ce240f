// The Mantine theme shared by every screen.
import { type CSSVariablesResolver, createTheme } from '@mantine/core';
import { READABLE_COLORS } from './theme-colors';

export const theme = createTheme({
  colors: READABLE_COLORS,
  primaryColor: 'teal',
  // White labels on filled buttons need shade 9 (teal 6 is only 2.6:1).
  primaryShade: { light: 9, dark: 8 },
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  components: {
    // A closed select's options are not rendered: Mantine keeps them mounted (hidden) by default and
    // positions them when the page first renders, a forced style recalculation and the options'
    // rendering per select, for a list out of sight (about 20 ms of a first screen).
    Combobox: { defaultProps: { keepMounted: false } },
  },
});

/**
 * Dimmed text is gray 6 by default (about 3.3:1 on gray 1); gray 7 reads at 7:1. Links, `c="<colour>"`
 * text and the light variant's labels already use shade 9, made readable by `readablePalette`.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Field errors: red 6 is 3.3:1 on white.
    '--mantine-color-error': 'var(--mantine-color-red-8)',
  },
  dark: {},
});
