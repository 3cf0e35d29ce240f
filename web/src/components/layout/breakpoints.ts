// Which of Mantine's breakpoints the window has reached, known at the first render.
import { type MantineBreakpoint, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/** Read in the first render: no second render (and no column or layout shown then taken away). */
const NOW = { getInitialValueInEffect: false };

/**
 * Whether the window is at least each breakpoint wide, kept up to date. Mantine's own media query
 * helpers start from a guess and correct it in an effect: a list's first rows were drawn twice,
 * once with its wide-screen columns and once without.
 */
export function useBreakpoints(): Record<Exclude<MantineBreakpoint, 'xs'>, boolean> {
  const { breakpoints } = useMantineTheme();
  const sm = useMediaQuery(`(min-width: ${breakpoints.sm})`, undefined, NOW);
  const md = useMediaQuery(`(min-width: ${breakpoints.md})`, undefined, NOW);
  const lg = useMediaQuery(`(min-width: ${breakpoints.lg})`, undefined, NOW);
  const xl = useMediaQuery(`(min-width: ${breakpoints.xl})`, undefined, NOW);
  return { sm, md, lg, xl };
}

/** A media query read in the first render (see NOW). */
export function useMediaQueryNow(query: string): boolean {
  return useMediaQuery(query, undefined, NOW);
}
