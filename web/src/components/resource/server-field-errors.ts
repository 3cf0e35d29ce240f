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
    // A conflict on several fields (`item id, effective date '7, 2025-01-01' already exists`): the
    // message goes to the form's fields among them (the parent's id is not a field of the form).
    const names = /^([a-z_ ]+(?:, [a-z_ ]+)+) '/.exec(lower)?.[1].split(', ');
    if (names)
      for (const f of fields)
        if (!out.has(f) && names.includes(f.replace(/_/g, ' ').toLowerCase())) out.set(f, msg);
  }
  return out;
}

/**
 * The same messages for the alert above a form, with a leading field name replaced by its label
 * (`salesman_code: may only hold letters` -> `Code: may only hold letters`).
 */
export function labelFieldMessages(
  messages: readonly string[],
  fields: readonly string[],
  label: (field: string) => string,
): string[] {
  const sorted = [...fields].sort((a, b) => b.length - a.length);
  return messages.map((msg) => {
    const f = sorted.find((name) => msg.toLowerCase().startsWith(`${name.toLowerCase()}:`));
    return f ? `${label(f)}:${msg.slice(f.length + 1)}` : msg;
  });
}
