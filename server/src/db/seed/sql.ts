// SQL text helpers of the seed plan. Everything the plan builds is static text made from constants
// of the seed files (never from user input), so it is passed to the database with sql.raw.

export const q = (s: string) => `'${s.replace(/'/g, "''")}'`;
export const arr = (xs: readonly string[]) => `ARRAY[${xs.map(q).join(',')}]::text[]`;
/** Deterministic pseudo-random non-negative int from an integer expression and a salt (< 7919). */
export const h = (expr: string, salt: number) => `(hashint8((${expr})::int8 * 7919 + ${salt}) & 2147483647)`;
export const mod = (expr: string, salt: number, n: number | string) => `(${h(expr, salt)} % (${n}))`;
/** Deterministic pseudo-random float in [0, 1). */
export const u = (expr: string, salt: number) => `(${h(expr, salt)}::float8 / 2147483648.0)`;
export const pick = (xs: readonly string[], expr: string, salt: number) =>
  `(${arr(xs)})[1 + ${mod(expr, salt, xs.length)}]`;
export const values = (rows: (string | number | null | boolean)[][]) =>
  rows
    .map(
      (r) =>
        `(${r.map((v) => (v === null ? 'null' : typeof v === 'string' && !v.startsWith('§') ? q(v) : String(v).replace(/^§/, ''))).join(', ')})`,
    )
    .join(',\n');
/** Marks a value as raw SQL inside `values()` (e.g. a date expression). */
export const raw = (s: string) => `§${s}`;
export const day = (offset: number) => raw(`current_date ${offset < 0 ? '-' : '+'} ${Math.abs(offset)}`);

/** A small self-contained SVG placeholder, so demo pictures show without any stored file. */
export function placeholder(label: string, color: string): string {
  const text = label.replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c,
  );
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="${color}"/>` +
    `<text x="200" y="150" font-family="sans-serif" font-size="22" fill="#fff" text-anchor="middle" dominant-baseline="middle">${text}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
const COLORS = [
  '#1c7ed6',
  '#2f9e44',
  '#e8590c',
  '#ae3ec9',
  '#f08c00',
  '#0c8599',
  '#c2255c',
  '#5c940d',
  '#3b5bdb',
];
export const color = (i: number) => COLORS[i % COLORS.length];
/** The demo's store photos (upload folders): six pictures, shown in turn. */
export const STORE_PHOTOS = Array.from({ length: 6 }, (_, i) =>
  placeholder(`Foto toko ${i + 1}`, color(i + 4)),
);
