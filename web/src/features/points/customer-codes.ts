// Customer codes from what a user pastes for a points injection: one per line or separated by commas,
// semicolons, tabs or spaces. Repeats are dropped, case-insensitively. (Files are read by the shared
// import dialog, components/import/.)

const HEADER = /^(customer[_ ]?code|kode([_ ]?(pelanggan|toko|customer))?|code|kode_customer)$/i;

const clean = (s: string) =>
  s
    .trim()
    .replace(/^["']|["']$/g, '')
    .trim();

/** Drops empties and repeats (case-insensitive), keeping the first spelling and the order. */
export function uniqueCodes(codes: Iterable<string>): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of codes) {
    const c = clean(raw);
    if (!c || HEADER.test(c)) continue;
    const k = c.toUpperCase();
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(c);
  }
  return out;
}

/** Codes from pasted text. */
export function codesFromText(text: string): string[] {
  return uniqueCodes(text.split(/[\s,;]+/));
}
