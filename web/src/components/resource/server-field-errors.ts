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

/** The form field a server field path concerns (`lines[0].qty` -> `lines`). */
const fieldRoot = (path: string) => path.split(/[.[]/)[0];

/**
 * Splits a server error into messages for the form's fields and the rest, each problem once:
 * by the answer's `err_detail` (code, field, worded message) when it has one, else by the
 * field names the messages begin with. A field's message loses its `field: ` prefix.
 */
export function splitServerErrors(
  error: {
    messages: readonly string[];
    details?: readonly { field?: string; message: string; params?: Record<string, string | number> }[];
  },
  fields: readonly string[],
): { byField: Map<string, string>; rest: string[] } {
  const byField = new Map<string, string>();
  const rest: string[] = [];
  const details = error.details ?? [];
  if (details.length === 0) {
    const matched = matchFieldErrors(error.messages, fields);
    for (const [f, m] of matched) byField.set(f, m);
    const used = new Set(matched.values());
    for (const m of error.messages) {
      const attached = [...matched].some(
        ([f, v]) => v === m || m.toLowerCase().startsWith(`${f.toLowerCase()}:`),
      );
      if (!attached && !used.has(m) && !rest.includes(m)) rest.push(m);
    }
    return { byField, rest };
  }
  for (const d of details) {
    const field = d.field ? fieldRoot(d.field) : undefined;
    // A unique key over several columns names them in params.thing (`item id, effective date`).
    const among =
      field === undefined && typeof d.params?.thing === 'string'
        ? fields.filter((f) => String(d.params?.thing).split(', ').includes(f.replace(/_/g, ' ')))
        : [];
    const targets = field !== undefined && fields.includes(field) ? [field] : among;
    if (targets.length === 0) {
      if (!rest.includes(d.message)) rest.push(d.message);
      continue;
    }
    const text =
      d.field && d.message.startsWith(`${d.field}: `) ? d.message.slice(d.field.length + 2) : d.message;
    for (const f of targets) if (!byField.has(f)) byField.set(f, text);
  }
  return { byField, rest };
}
