// The total a list screen shows and pages by. A large unfiltered list answers PostgreSQL's row
// estimate (`meta.total_estimated`, server/src/resources/routes.ts) instead of a count: the screen
// says "about N" and pages by it, corrected by what the pages seen so far show:
// - a page with fewer rows than the page size is the last one: the total is then exact;
// - a full page P means at least P × size rows; an empty page P (past page 1) at most (P − 1) × size.
// An estimate above what is known is replaced by the middle of the known range, so "last page" past
// the real end halves the gap each time (the screen's "page past the end" rule in
// resource-list.page.tsx moves back from an empty page); below it, one more page stays reachable.
import type { PageMeta } from '@lbo/contract/common';
import { useRef } from 'react';
import { formatNumber } from './format';

export type ListTotal = { total: number; estimated: boolean };
/** What the pages seen tell: the total is at least `lo` and at most `hi`. */
export type Bounds = { lo: number; hi: number };

export const noBounds = (): Bounds => ({ lo: 0, hi: Number.POSITIVE_INFINITY });

/** Narrows `known` by one answered page (`meta`, with `rowCount` rows) of an estimated list. */
export function learn(known: Bounds, meta: PageMeta, rowCount: number): Bounds {
  const before = (meta.page - 1) * meta.limit;
  if (rowCount >= meta.limit) return { lo: Math.max(known.lo, before + rowCount), hi: known.hi };
  if (rowCount > 0 || meta.page === 1) return { lo: before + rowCount, hi: before + rowCount };
  return { lo: known.lo, hi: Math.min(known.hi, before) };
}

/** The total to show for `meta` given what is known (`known`, already including this page). */
export function listTotal(meta: PageMeta | undefined, known: Bounds = noBounds()): ListTotal {
  if (!meta) return { total: 0, estimated: false };
  if (!meta.total_estimated) return { total: meta.total_data, estimated: false };
  const { lo, hi } = known;
  if (lo >= hi) return { total: hi, estimated: false };
  const estimate = meta.total_data;
  if (estimate > hi) return { total: lo + Math.ceil((hi - lo) / 2), estimated: true };
  if (estimate <= lo) return { total: Math.min(hi, lo + 1), estimated: true };
  return { total: estimate, estimated: true };
}

/**
 * listTotal with what this screen's pages have shown, per query (`key`: search and filters) and
 * estimate; pages are learnt once answered (not while the previous page is kept on screen).
 */
export function useListTotal(meta: PageMeta | undefined, rowCount: number, key: string): ListTotal {
  const scope = `${key}\u0000${meta?.total_data ?? ''}`;
  const known = useRef<{ scope: string; bounds: Bounds }>({ scope, bounds: noBounds() });
  if (known.current.scope !== scope) known.current = { scope, bounds: noBounds() };
  if (meta?.total_estimated) known.current.bounds = learn(known.current.bounds, meta, rowCount);
  return listTotal(meta, known.current.bounds);
}

/** "1–10 of 2,000" / "1–10 of about 100,000" (`list.range` / `list.rangeAbout`), in the user's language. */
export function rangeText(
  t: (key: string, opts: Record<string, unknown>) => string,
  language: string,
  { from, to, total, estimated }: { from: number; to: number; total: number; estimated: boolean },
): string {
  // Thousands grouped as the language writes them ("1–10 dari 2.000", "1–10 of 2,000").
  const n = (v: number) => formatNumber(v, language);
  return t(estimated ? 'list.rangeAbout' : 'list.range', { from: n(from), to: n(to), total: n(total) });
}
