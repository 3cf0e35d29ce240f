// The theme's text shades read at WCAG AA (4.5:1) where the screens put them: shades 7-9 on white,
// the page grey and striped rows, shade 9 (the light variant's label) on its own light background.
import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { theme } from '../theme';
import { READABLE_COLORS } from '../theme-colors';
import { contrastOf, readableColors, readablePalette } from '../theme-palette';

const WHITE = '#ffffff';
const { gray } = DEFAULT_THEME.colors;

describe('theme contrast', () => {
  // theme-colors.ts keeps the palettes computed (not on every page load). When this fails (Mantine's
  // palettes or the calculation changed), regenerate it: print `readableColors()` in its format.
  it('should use the palettes theme-palette.ts computes', () => {
    expect(READABLE_COLORS).toEqual(readableColors());
    expect(theme.colors).toEqual(READABLE_COLORS);
  });

  it('should measure contrast as WCAG does', () => {
    expect(contrastOf('#000000', WHITE)).toBeCloseTo(21, 5);
    expect(contrastOf(WHITE, WHITE)).toBe(1);
    // Mantine's teal 6 on white, the filled button axe refused: about 2.6:1.
    expect(contrastOf('#12b886', WHITE)).toBeLessThan(3);
  });

  it('should make shades 7-9 of every colour readable and keep the lighter shades', () => {
    const colors = theme.colors ?? {};
    const names = Object.keys(colors);
    expect(names).toContain('teal');
    expect(names).toContain('orange');
    for (const name of names) {
      const shades = colors[name] as readonly string[];
      for (const i of [7, 8, 9])
        for (const bg of [WHITE, gray[0], gray[1], shades[0]])
          expect(contrastOf(shades[i], bg), `${name}.${i} on ${bg}`).toBeGreaterThanOrEqual(4.5);
      expect(contrastOf(shades[9], shades[1]), `${name}.9 on ${name}.1`).toBeGreaterThanOrEqual(4.5);
      expect(shades.slice(0, 7)).toEqual(DEFAULT_THEME.colors[name].slice(0, 7));
    }
  });

  it('should darken only what needs it', () => {
    const violet = readablePalette(DEFAULT_THEME.colors.violet);
    expect(violet[9]).toBe(DEFAULT_THEME.colors.violet[9]);
    const orange = readablePalette(DEFAULT_THEME.colors.orange);
    expect(orange[7]).not.toBe(DEFAULT_THEME.colors.orange[7]);
  });
});
