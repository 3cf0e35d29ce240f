// The coupon list's export writes each coupon's state as the list shows it (an active coupon past
// its end date is "ended"), from the contract's wording.
import { jakartaDate } from '@lbo/contract/common';
import { PERIOD_STATUS_WORDS, periodStatus } from '@lbo/contract/wording';
import type { ExportRowFormat } from '../../resources/export';

export const couponStatusFormat: ExportRowFormat = {
  reads: ['active', 'start_date', 'end_date'],
  rows: async (_db, rows, lang) => {
    const today = jakartaDate();
    return rows.map((r) => ({ ...r, active: PERIOD_STATUS_WORDS[periodStatus(r, today)][lang] }));
  },
};
