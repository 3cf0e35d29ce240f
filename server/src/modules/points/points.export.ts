// The ledger's and the points tracking report's exports name point types and statuses as their
// screens do (contract/wording.ts), not as numbers.
import { LEDGER_STATUS_WORDS, ledgerStatus, POINT_TYPE_WORDS } from '@lbo/contract/wording';
import type { Lang } from '../../http/messages';
import type { ExportRowFormat } from '../../resources/export';

const typeName = (v: unknown, lang: Lang) =>
  (POINT_TYPE_WORDS as Record<number, { id: string; en: string }>)[Number(v)]?.[lang] ?? v;

export const pointTypeFormat: ExportRowFormat = {
  rows: async (_db, rows, lang) =>
    rows.map((r) => ({
      ...r,
      ...('point_type' in r ? { point_type: typeName(r.point_type, lang) } : {}),
      ...(Array.isArray(r.point_types)
        ? { point_types: r.point_types.map((t) => typeName(t, lang)).join(', ') }
        : {}),
    })),
};

export const ledgerExportFormat: ExportRowFormat = {
  adds: ['status'],
  reads: ['void', 'editable'],
  rows: async (db, rows, lang) =>
    (await pointTypeFormat.rows(db, rows, lang)).map((r) => ({
      ...r,
      status: LEDGER_STATUS_WORDS[ledgerStatus(r)][lang],
    })),
};
