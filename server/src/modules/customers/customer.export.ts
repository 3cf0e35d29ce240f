// The customer list's export writes the flags column as the list shows it (contract/wording.ts).
import { CUSTOMER_FLAG_FIELDS, CUSTOMER_FLAGS } from '@lbo/contract/wording';
import type { ExportRowFormat } from '../../resources/export';

export const customerFlagsFormat: ExportRowFormat = {
  adds: ['flags'],
  reads: CUSTOMER_FLAG_FIELDS,
  rows: async (_db, rows, lang) =>
    rows.map((r) => ({
      ...r,
      flags: CUSTOMER_FLAGS.filter((f) => f.on(r))
        .map((f) => f.words[lang])
        .join(', '),
    })),
};
