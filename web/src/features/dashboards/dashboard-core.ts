// The light part of the dashboards' shared pieces (the home page loads it): rupiah and count
// formatting, and the query hook of a dashboard call.
import { useQuery } from '@tanstack/react-query';
import { api, type Query } from '../../app/api-client';
import { dashboardKeys } from '../../app/query-keys';

/**
 * `Rp 1.234.567` in Indonesian, `Rp 1,234,567` in English: the rupiah sign in both, grouped as the
 * other figures on the screen (and the lists' money columns) are (whole rupiah; cents only when present).
 */
export function rupiah(value: unknown, lang = 'id'): string {
  const n = Number(value ?? 0);
  if (!Number.isFinite(n)) return '—';
  const locale = lang === 'en' ? 'en-US' : 'id-ID';
  const abs = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(Math.abs(n));
  return `${n < 0 ? '-' : ''}Rp ${abs}`;
}
/** Short axis labels: `Rp 1,2 M` (juta: jt, miliar: M) in Indonesian, `Rp 1.2M` / `Rp 1.2B` in English. */
export function rupiahShort(value: number, lang: string): string {
  const id = lang !== 'en';
  const f = (v: number, unit: string) =>
    `Rp ${new Intl.NumberFormat(id ? 'id-ID' : 'en-US', { maximumFractionDigits: 1 }).format(v)}${unit}`;
  const a = Math.abs(value);
  if (a >= 1e12) return f(value / 1e12, id ? ' T' : 'T');
  if (a >= 1e9) return f(value / 1e9, id ? ' M' : 'B');
  if (a >= 1e6) return f(value / 1e6, id ? ' jt' : 'M');
  if (a >= 1e3) return f(value / 1e3, id ? ' rb' : 'K');
  return rupiah(value, lang);
}
export function count(value: unknown, lang: string): string {
  return new Intl.NumberFormat(lang === 'en' ? 'en-US' : 'id-ID').format(Number(value ?? 0));
}

/**
 * A dashboard call. While a new answer loads the previous one stays on screen, but only when it has
 * the same `shape` (the same kind of rows): a drill-down to another level never shows the old rows.
 */
export function useDashboard<T>(path: string, query: Query, enabled = true, shape: string = path) {
  return useQuery({
    queryKey: dashboardKeys.report(path, query, shape),
    queryFn: async ({ signal }) => api.get<T>(path, query, signal),
    enabled,
    placeholderData: (prev, prevQuery) => (prevQuery?.queryKey[3] === shape ? prev : undefined),
  });
}
