// The theme's colours made readable as text (WCAG AA): the calculation. The theme itself uses the
// result, kept in theme-colors.ts (the same for every visit: computed once, not on every page load;
// theme-contrast.test.ts checks it equals what this computes from Mantine's palettes).
import { DEFAULT_THEME, type MantineColorsTuple } from '@mantine/core';

/** WCAG AA for normal text, with a little margin for anti-aliasing and rounding (axe wants 4.5:1). */
export const TEXT_CONTRAST = 4.6;

const channels = (hex: string): [number, number, number] => {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
};

const toHex = (rgb: number[]) =>
  `#${rgb
    .map((v) =>
      Math.round(Math.max(0, Math.min(255, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** Relative luminance (WCAG 2) of a #rrggbb colour. */
export function luminanceOf(hex: string): number {
  const [r, g, b] = channels(hex).map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast ratio (WCAG 2) of two #rrggbb colours, 1 to 21. */
export function contrastOf(a: string, b: string): number {
  const [hi, lo] = [luminanceOf(a), luminanceOf(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** `hex` mixed with black, a step at a time, until it reads at TEXT_CONTRAST on every background. */
function darkEnough(hex: string, backgrounds: string[]): string {
  let rgb = channels(hex);
  let out = hex;
  for (let i = 0; i < 40 && backgrounds.some((bg) => contrastOf(out, bg) < TEXT_CONTRAST); i++) {
    rgb = rgb.map((v) => v * 0.96) as [number, number, number];
    out = toHex(rgb);
  }
  return out;
}

/**
 * Mantine's palettes with shades 7–9 made dark enough to be text. Those shades colour text: links
 * and `c="red"` (shade 9 with the primary shade below), amounts (`red.7`, `teal.8`), the light
 * variant's label (shade 9 on shade 1: badges, the active menu entry, light buttons). Mantine's own
 * measure about 3–4.3:1 there (axe in the end-to-end tests found them); each is darkened only as far
 * as it must be to reach 4.5:1 on white, the page grey (gray 0), striped and hovered rows (gray 1)
 * and, for shade 9, its own light background (shade 1). Shades 0–6 (fills, charts) are unchanged.
 */
export function readablePalette(colors: MantineColorsTuple): MantineColorsTuple {
  const rows = ['#ffffff', DEFAULT_THEME.colors.gray[0], DEFAULT_THEME.colors.gray[1], colors[0]];
  const out = [...colors];
  out[7] = darkEnough(colors[7], rows);
  out[8] = darkEnough(colors[8], rows);
  out[9] = darkEnough(colors[9], [...rows, colors[1]]);
  // Darker shade, darker colour: keep the order where one darkening went further than the next.
  if (luminanceOf(out[8]) > luminanceOf(out[7])) out[8] = out[7];
  if (luminanceOf(out[9]) > luminanceOf(out[8])) out[9] = out[8];
  return out as unknown as MantineColorsTuple;
}

/** Every Mantine palette but dark and gray (left as they are), made readable. */
export function readableColors(): Record<string, MantineColorsTuple> {
  return Object.fromEntries(
    Object.entries(DEFAULT_THEME.colors)
      .filter(([name]) => name !== 'dark' && name !== 'gray')
      .map(([name, shades]) => [name, readablePalette(shades)]),
  );
}
