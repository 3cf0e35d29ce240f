// The one way the screens name a field: `resources.<name>.fields.<field>` when the screen words it
// its own way, otherwise the shared `fields.<field>` (the fallback is set up in i18n/index.ts).
// Used by list columns, filters, detail, forms, child editors, exports and server messages.
import type { TFunction } from 'i18next';

export const fieldLabelKey = (name: string, field: string) => `resources.${name}.fields.${field}`;

export function fieldLabel(t: TFunction, name: string, field: string): string {
  return t(fieldLabelKey(name, field));
}
