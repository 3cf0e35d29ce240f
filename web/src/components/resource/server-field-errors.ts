// Puts a server's validation or conflict messages next to the fields they name
// (`salesman_code: ...` or `salesman code 'S-01' already exists`).
export function matchFieldErrors(
  messages: readonly string[],
  fields: readonly string[],
): Map<string, string> {
  const out = new Map<string, string>();
  // Longest names first so `region_area_id` wins over `region_id`-like prefixes.
  const sorted = [...fields].sort((a, b) => b.length - a.length);
  for (const msg of messages) {
    const lower = msg.toLowerCase();
    for (const f of sorted) {
      if (out.has(f)) continue;
      if (lower.startsWith(`${f.toLowerCase()}:`)) {
        out.set(f, msg.slice(f.length + 1).trim());
        break;
      }
      if (
        lower.startsWith(`${f.replace(/_/g, ' ').toLowerCase()} `) ||
        lower.startsWith(`${f.toLowerCase()} `)
      ) {
        out.set(f, msg);
        break;
      }
    }
  }
  return out;
}
